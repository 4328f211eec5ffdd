import { useCallback, useState } from 'react';
import { tokenSubject } from './session';
import { getAccessToken } from './token-storage';

/**
 * Drafts of new-record forms (docs/product/trips.md, docs/product/admin.md): kept in memory per form name while the
 * drawer is closed and reopened (also across screens), discarded by 'Clear Form' and after a
 * successful create. Drafts belong to the signed-in user: another sign-in in this tab never
 * sees them. They are not written to browser storage.
 */
const drafts = new Map<string, unknown>();

function draftKey(formName: string): string {
  return `${tokenSubject(getAccessToken()) ?? 'anonymous'}:${formName}`;
}

export function getFormDraft<T>(formName: string): T | undefined {
  return drafts.get(draftKey(formName)) as T | undefined;
}

export function setFormDraft<T>(formName: string, draft: T): void {
  drafts.set(draftKey(formName), draft);
}

export function clearFormDraft(formName: string): void {
  drafts.delete(draftKey(formName));
}

/** Forgets every draft (tests; signing out). */
export function clearAllFormDrafts(): void {
  drafts.clear();
}

/**
 * The draft of one form. `initial` is read once, when the form mounts (undefined when
 * `enabled` is false, e.g. an edit form). `save` keeps the latest values; `clear` forgets them.
 */
export function useFormDraft<T>(formName: string, enabled: boolean) {
  const [initial] = useState<T | undefined>(() => (enabled ? getFormDraft<T>(formName) : undefined));
  const save = useCallback(
    (draft: T) => {
      if (enabled) setFormDraft(formName, draft);
    },
    [formName, enabled],
  );
  const clear = useCallback(() => clearFormDraft(formName), [formName]);
  return { initial, save, clear };
}
