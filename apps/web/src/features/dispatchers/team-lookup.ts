import type { TeamRow } from '@milepost/contracts/dispatchers-api';
import type { LookupOption } from '@/components/ui/lookup-select';

/** Team picker texts (spec 02 §2 Dispatchers and Teams). */
export const TEAM_LOOKUP_TEXTS = {
  empty: 'No teams available',
  noResults: (text: string) => `No teams found for "${text}"`,
  loading: 'Loading teams...',
} as const;

export const toTeamOption = (team: TeamRow): LookupOption => ({ id: team.id, label: team.name });
