import { ERROR_STATUS, type ErrorCode } from '@milepost/contracts/error-codes';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { DISCARD_CHANGES_TITLE, Drawer } from './drawer';
import { makeUser, renderWithApp } from '@/test/render';
import { DrawerForm, useDrawerForm } from './drawer-form';
import { Toasts } from './toasts';

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
    update: (r) => update(r.version),
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
      <Toasts />
    </>,
    { user: makeUser([]) },
  );
  return { update, reload, onDone };
}

const refusal = (code: ErrorCode) => new ApiError({ status: ERROR_STATUS[code], code, message: `Refused: ${code}`, serverMessage: `Refused: ${code}` });

/** Every domain rule's code except the stale version: none of them offers a reload. */
const OTHER_RULES = [
  'ALREADY_EXISTS',
  'NUMBER_IN_USE',
  'TRANSITION_NOT_ALLOWED',
  'LAST_OWNER',
  'SELF_DEACTIVATION',
  'ALREADY_ASSIGNED',
  'OWNER_ROLE_LOCKED',
  'PASSWORD_ALREADY_SET',
  'USER_INACTIVE',
  'PERMISSION_ESCALATION',
  'SELF_ROLE_CHANGE',
] as const satisfies readonly ErrorCode[];

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

  it('the same failure twice (Save pressed again) shows one toast, not two', async () => {
    const user = userEvent.setup();
    const { update } = renderForm(refusal('NUMBER_IN_USE'));
    update.mockRejectedValue(refusal('NUMBER_IN_USE'));
    await user.click(await screen.findByRole('button', { name: 'Update Record' }));
    expect(await screen.findByText('Refused: NUMBER_IN_USE')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Record' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    // Give a second toast the time to appear (sonner renders on its next tick).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText('Refused: NUMBER_IN_USE')).toHaveLength(1);
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

/** A form on the scaffold inside a drawer: an edit (no draft), or a new record with or without a draft. */
function DrawerWithForm(props: { row?: Row; draftName?: string; onOpenChange: (open: boolean) => void }) {
  return (
    <Drawer open onOpenChange={props.onOpenChange} title="Record">
      <FormInDrawer {...props} />
    </Drawer>
  );
}

function FormInDrawer({ row, draftName, onOpenChange }: { row?: Row; draftName?: string; onOpenChange: (open: boolean) => void }) {
  const state = useDrawerForm({
    schema,
    entity: 'record',
    record: row,
    empty: { name: '' },
    valuesOf: (r: Row) => ({ name: r.name }),
    ...(draftName === undefined ? {} : { draftName }),
    create: async () => ({}),
    update: async () => ({}),
    toasts: { created: 'Created!', updated: 'Saved!' },
    onDone: () => onOpenChange(false),
  });
  return (
    <DrawerForm id="name-form" state={state} noun="Record" onCancel={() => onOpenChange(false)}>
      <label htmlFor="name">Name</label>
      <input id="name" {...state.form.register('name')} />
    </DrawerForm>
  );
}

describe('useDrawerForm: no lost work', () => {
  const renderDrawer = (props: { row?: Row; draftName?: string }) => {
    const onOpenChange = vi.fn();
    renderWithApp(<DrawerWithForm {...props} onOpenChange={onOpenChange} />, { user: makeUser([]) });
    return onOpenChange;
  };

  it('an edit with unsaved changes asks before Escape, an outside click or × discards it', async () => {
    const user = userEvent.setup();
    const onOpenChange = renderDrawer({ row: { id: 1, name: 'Old', version: 7 } });
    await user.type(await screen.findByLabelText('Name'), ' and new');

    await user.keyboard('{Escape}');
    expect(await screen.findByRole('alertdialog', { name: DISCARD_CHANGES_TITLE })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Name')).toHaveValue('Old and new');

    await user.click(document.querySelector('[data-slot="drawer-overlay"]')!);
    expect(await screen.findByRole('alertdialog', { name: DISCARD_CHANGES_TITLE })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onOpenChange).toHaveBeenCalledTimes(1);
  });

  it('an edit typed back to what it was closes at once', async () => {
    const user = userEvent.setup();
    const onOpenChange = renderDrawer({ row: { id: 1, name: 'Old', version: 7 } });
    const input = await screen.findByLabelText('Name');
    await user.type(input, 'x');
    await user.type(input, '{Backspace}');
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a new record without a draft asks too', async () => {
    const user = userEvent.setup();
    const onOpenChange = renderDrawer({});
    await user.type(await screen.findByLabelText('Name'), 'Fresh');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('alertdialog', { name: DISCARD_CHANGES_TITLE })).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('a new record that keeps a draft closes at once: nothing is lost', async () => {
    const user = userEvent.setup();
    const onOpenChange = renderDrawer({ draftName: 'test-record' });
    await user.type(await screen.findByLabelText('Name'), 'Fresh');
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
