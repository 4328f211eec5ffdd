import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DatePicker, DateTimePicker } from './date-picker';

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimePicker aria-label="Pickup" value={value} onChange={setValue} />
      <output aria-label="value">{value}</output>
    </>
  );
}

describe('DateTimePicker', () => {
  it('hours 00–23, minutes in 5-minute steps, 09:00 when a day is picked first; shown DD.MM.YYYY HH:mm', async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.click(screen.getByLabelText('Pickup'));
    // The calendar's code loads when a picker first opens (docs/decisions/013-first-screen-loads-fast.md).
    const days = (await screen.findAllByRole('gridcell')).filter((c) => c.textContent === '15');
    const hour = screen.getByRole('combobox', { name: 'Hour' });
    const minute = screen.getByRole('combobox', { name: 'Minute' });
    expect(
      within(hour)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')));
    expect(
      within(minute)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['00', '05', '10', '15', '20', '25', '30', '35', '40', '45', '50', '55']);
    await user.click(within(days[0]!).getByRole('button'));
    expect(screen.getByLabelText('value').textContent).toMatch(/^\d{4}-\d{2}-15T09:00$/);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Hour' }), '17');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Minute' }), '35');
    expect(screen.getByLabelText('value').textContent).toMatch(/-15T17:35$/);
    expect(screen.getByLabelText('Pickup')).toHaveTextContent(/^15\.\d{2}\.\d{4} 17:35$/);
  });

  it('shows a stored value in the display format', () => {
    render(<Field initial="2026-03-02T09:05" />);
    expect(screen.getByLabelText('Pickup')).toHaveTextContent('02.03.2026 09:05');
  });
});

describe('DatePicker', () => {
  it('shows a stored day DD.MM.YYYY and a picked one as yyyy-MM-dd', async () => {
    const user = userEvent.setup();
    function Day() {
      const [value, setValue] = useState('2026-03-02');
      return (
        <>
          <DatePicker aria-label="From date" value={value} onChange={setValue} />
          <output aria-label="value">{value}</output>
        </>
      );
    }
    render(<Day />);
    expect(screen.getByRole('button', { name: 'From date' })).toHaveTextContent('02.03.2026');
    await user.click(screen.getByRole('button', { name: 'From date' }));
    const days = (await screen.findAllByRole('gridcell', {}, { timeout: 5000 })).filter((c) => c.textContent === '9');
    await user.click(within(days[0]!).getByRole('button'));
    expect(screen.getByLabelText('value')).toHaveTextContent('2026-03-09');
    expect(screen.getByRole('button', { name: 'From date' })).toHaveTextContent('09.03.2026');
  });
});
