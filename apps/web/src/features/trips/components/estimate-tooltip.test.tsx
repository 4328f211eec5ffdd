import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MilesCell } from './trips-columns';

/** An estimated figure's hover says what it was computed with (docs/decisions/021-estimate-calibration.md). */
/** The list's figures are miles. */
const MILES = 239.1;

describe('estimate tooltip', () => {
  it("a calibrated company's estimate reads its factor, its number of legs and the spread", () => {
    render(<MilesCell value={MILES} unit="MILES" estimate basis={{ kind: 'COMPANY', band: 'LONG', factor: 1.0812, sampleSize: 212, p25: 1.051, p75: 1.124 }} />);
    const cell = screen.getByText(/≈/);
    expect(cell.getAttribute('data-source')).toBe('ESTIMATE');
    expect(cell.getAttribute('title')).toContain('× 1.08 from 212 of your legs (middle half 1.05–1.12)');
  });

  it('without a calibration the hover names the fitted default band and factor', () => {
    render(<MilesCell value={MILES} unit="MILES" estimate basis={{ kind: 'DEFAULT', band: 'FROM_100', factor: 1.219, sampleSize: null, p25: null, p75: null }} />);
    const title = screen.getByText(/≈/).getAttribute('title')!;
    expect(title).toContain('default × 1.22 for 100–500 mi (fitted on road miles between US cities)');
    expect(title).not.toContain('of your legs');
  });

  it('in km the band is said in km', () => {
    render(<MilesCell value={MILES} unit="KM" estimate basis={{ kind: 'DEFAULT', band: 'FROM_500', factor: 1.216, sampleSize: null, p25: null, p75: null }} />);
    expect(screen.getByText(/≈/).getAttribute('title')).toContain('default × 1.22 from 805 km');
  });

  it('a figure stored before the fitted bands keeps its own factor and band', () => {
    render(<MilesCell value={MILES} unit="MILES" estimate basis={{ kind: 'DEFAULT', band: 'LONG', factor: 1.25, sampleSize: null, p25: null, p75: null }} />);
    expect(screen.getByText(/≈/).getAttribute('title')).toContain('default × 1.25 from 25 mi');
  });

  it('a HERE figure has no estimate hover', () => {
    const { container } = render(<MilesCell value={MILES} unit="MILES" estimate={false} />);
    const cell = container.querySelector('span')!;
    expect(cell.textContent).toBe('239.1');
    expect(cell.getAttribute('title')).toBeNull();
    expect(cell.getAttribute('data-source')).toBeNull();
  });
});
