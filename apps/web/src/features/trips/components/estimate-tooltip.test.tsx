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

  it('without a calibration the hover names the default bands', () => {
    render(<MilesCell value={MILES} unit="MILES" estimate basis={{ kind: 'DEFAULT', band: 'LONG', factor: 1.25, sampleSize: null, p25: null, p75: null }} />);
    const title = screen.getByText(/≈/).getAttribute('title')!;
    expect(title).toContain('Default road factor');
    expect(title).toContain('× 1.25 here');
    expect(title).not.toContain('of your legs');
  });

  it('a HERE figure has no estimate hover', () => {
    const { container } = render(<MilesCell value={MILES} unit="MILES" estimate={false} />);
    const cell = container.querySelector('span')!;
    expect(cell.textContent).toBe('239.1');
    expect(cell.getAttribute('title')).toBeNull();
    expect(cell.getAttribute('data-source')).toBeNull();
  });
});
