import { describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES, INTEGRATION_SWITCHES, integrationStatus } from './integrations-api';
import { MILEAGE_MESSAGES } from './mile-stats-api';
import { catalogueEntry } from './permissions';
import { PROVIDER_LABELS_ELSE, PROVIDERS, providerField, providerFields, providerLabelsText, sentenceList } from './providers';
import { tripFiguresRoutes } from './routes/trip-figures';

/** The provider set is declared once (providers.ts): what derives from it reads as the spec and the screens wrote it out. */
describe('the provider set', () => {
  it("names a provider's wire fields as the spec does", () => {
    expect(providerField('SAMSARA', 'Enabled')).toBe('samsaraEnabled');
    expect(providerField('GLE', 'TokenHint')).toBe('gleTokenHint');
    expect(providerFields('Location', (p) => p)).toEqual({ samsaraLocation: 'SAMSARA', gleLocation: 'GLE' });
    expect(Object.keys(providerFields('Stats', () => null))).toEqual(['samsaraStats', 'gleStats']);
    expect(INTEGRATION_SWITCHES).toEqual([
      { name: 'samsaraEnabled', label: 'Samsara enabled' },
      { name: 'gleEnabled', label: 'GLE enabled' },
    ]);
  });

  it('lists the providers in sentences, in PROVIDERS order', () => {
    expect(sentenceList([])).toBe('');
    expect(sentenceList(['a'])).toBe('a');
    expect(sentenceList(['a', 'b', 'c'])).toBe('a, b and c');
    expect(providerLabelsText()).toBe('Samsara and GLE');
    expect(providerLabelsText('HERE')).toBe('HERE, Samsara and GLE');
    expect(PROVIDER_LABELS_ELSE).toBe('Samsara, else GLE');
  });

  it('gives the texts that list the providers their words', () => {
    expect(INTEGRATION_MESSAGES.providerRequired).toBe('Provider must be SAMSARA or GLE');
    expect(MILEAGE_MESSAGES.refreshOff('Prairie Freight')).toBe(
      'Nothing to fetch: Samsara and GLE are off for Prairie Freight (or in the TRIP settings). Switch one on in Companies.',
    );
    expect(catalogueEntry('CAN_SYNC_INTEGRATIONS')?.description).toBe('See and run the Samsara and GLE syncs of a company');
    expect(tripFiguresRoutes.routeData.summary).toBe('The trip a map shows: stops, mileStats, samsaraLocation and gleLocation');
  });

  it('answers the integration status per provider', () => {
    expect(Object.keys(integrationStatus.shape)).toEqual([...PROVIDERS]);
  });
});
