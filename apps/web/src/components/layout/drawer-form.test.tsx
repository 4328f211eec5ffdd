import { ERROR_STATUS, type ErrorCode } from '@milepost/contracts/error-codes';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { makeUser, renderWithApp } from '@/test/render';
import { DrawerForm, useDrawerForm } from './drawer-form';

const schema = z.object({ name: z.string().trim().min(1, 'Name is required') });
interface Row {
  id: number;
  name: string;
  version: number;
}

function NameForm({ row, update, reload, onDone }: { row: Row; update: (version: number | undefined) => Promise<unknown>; reload: () => Promise<Row>; onDone: () => void }) {
  const state = useDrawerForm({
    schema,
    entity: 'record',
    record: row,
    empty: { name: '' },
    valuesOf: (r: Row) => ({ name: r.name }),
    update: (_r, _values, version) => update(version),
    reload: () => reload(),
    toasts: { updated: 'Saved!' },
    onDone,
  });
  return (
    <DrawerForm id="name-form" state={state} noun="Record" onCancel={() => {}}>
      <label htmlFor="name">Name</label>
      <input id="name" {...state.form.register('name')} />
    </DrawerForm>
  );
}

function renderForm(error: unknown) {
  const update = vi.fn<(version: number | undefined) => Promise<unknown>>().mockRejectedValueOnce(error).mockResolvedValue({});
  const reload = vi.fn(async () => ({ id: 1, name: 'Fresh', version: 8 }));
  const onDone = vi.fn();
  renderWithApp(
    <>
      <NameForm row={{ id: 1, name: 'Old', version: 7 }} update={update} reload={reload} onDone={onDone} />
      <Toaster />
    </>,
    { user: makeUser([]) },
  );
  return { update, reload, onDone };
}

const refusal = (code: ErrorCode) => new ApiError({ status: ERROR_STATUS[code], code, message: `Refused: ${code}`, serverMessage: `Refused: ${code}` });

/** Every domain rule's code except the stale version: none of them offers a reload. */
const OTHER_RULES = ['ALREADY_EXISTS', 'NUMBER_IN_USE', 'TRANSITION_NOT_ALLOWED', 'LAST_OWNER', 'SELF_DEACTIVATION', 'ALREADY_ASSIGNED', 'OWNER_ROLE_LOCKED', 'PASSWORD_ALREADY_SET', 'USER_INACTIVE', 'PERMISSION_ESCALATION', 'SELF_ROLE_CHANGE'] as const satisfies readonly ErrorCode[];

describe('useDrawerForm failures', () => {
  it('STALE_VERSION offers Reload, which loads the fresh record and its version for the next save', async () => {
    const user = userEvent.setup();
    const { update, reload, onDone } = renderForm(refusal('STALE_VERSION'));
    await user.click(await screen.findByRole('button', { name: 'Update Record' }));
    expect(await screen.findByText('Refused: STALE_VERSION')).toBeInTheDocument();
    expect(update).toHaveBeenLastCalledWith(7);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Fresh'));
    expect(reload).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Update Record' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(update).toHaveBeenLastCalledWith(8);
  });

  it.each(OTHER_RULES)('%s shows the server message, keeps the form open and offers no Reload', async (code) => {
    const user = userEvent.setup();
    const { onDone } = renderForm(refusal(code));
    await user.click(await screen.findByRole('button', { name: 'Update Record' }));
    expect(await screen.findByText(`Refused: ${code}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});
