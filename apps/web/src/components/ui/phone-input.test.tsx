import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PhoneInput } from './phone-input';

function Field() {
  const [value, setValue] = useState('');
  return (
    <>
      <PhoneInput aria-label="Phone" value={value} onValueChange={setValue} />
      <button type="button">Next</button>
    </>
  );
}

describe('PhoneInput', () => {
  it('typing 998901234567 key by key keeps every digit', async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.type(screen.getByLabelText('Phone'), '998901234567');
    expect(screen.getByLabelText('Phone')).toHaveValue('+998 (90) 123-45-67');
  });

  it('a 10-digit US number becomes +1 (312) 555-0199, pasted or typed and left', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Field />);
    await user.click(screen.getByLabelText('Phone'));
    await user.paste('3125550199');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 (312) 555-0199');
    unmount();

    render(<Field />);
    await user.type(screen.getByLabelText('Phone'), '3125550199');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 (312) 555-0199');
  });

  it('Backspace over the mask removes a digit', async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.type(screen.getByLabelText('Phone'), '1312');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 (312)');
    await user.type(screen.getByLabelText('Phone'), '{Backspace}');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 (31');
  });
});
