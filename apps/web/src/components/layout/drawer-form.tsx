import { zodResolver } from '@hookform/resolvers/zod';
import { VALIDATION_MESSAGES } from '@milepost/contracts/messages';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { offerReloadIfStale } from '@/lib/stale-reload';
import { useFormDraft } from '@/lib/form-drafts';
import { reportSaveFailure } from '@/lib/save-failure';
import { useUnsavedChanges } from './drawer';
import { DrawerFormFooter } from './drawer-form-footer';
import { toast } from './toasts';

type AnySchema = z.ZodType<FieldValues, FieldValues>;

/** What a drawer form keeps besides its values: e.g. the picked role or place the picker shows, a trip's stops. */
interface ExtraState<TRecord, TExtra> {
  empty: TExtra;
  of: (record: TRecord) => TExtra;
  /**
   * Whether two extra states hold the same edit, for "unsaved changes". Without it the extra
   * state never counts: it only labels what the values already hold (a picked role's name).
   */
  same?: (a: TExtra, b: TExtra) => boolean;
}

export interface DrawerFormConfig<S extends AnySchema, TRecord, TExtra = undefined> {
  /** The contracts schema: it validates, drives the resolver and types the values. */
  schema: S;
  /** For the failure message, e.g. 'user'. */
  entity: string;
  /** The record being edited; undefined for a new one. */
  record: TRecord | undefined;
  /** The values of a new record. */
  empty: z.input<S>;
  valuesOf: (record: TRecord) => z.input<S>;
  extra?: ExtraState<TRecord, TExtra>;
  /**
   * New records keep a draft under this name while the drawer is closed (docs/product/shell.md).
   * Every other form asks before the drawer discards its unsaved changes.
   */
  draftName?: string;
  /** 'Clear Form' also without a draft, for edits too (the trip form: docs/product/trips.md). */
  clearable?: boolean;
  /** Runs after validation, before saving; false stops the save (e.g. the trip number precheck). */
  beforeSave?: (values: z.output<S>, extra: TExtra) => Promise<boolean>;
  create?: (values: z.output<S>, extra: TExtra) => Promise<unknown>;
  /**
   * `record` is the one the form holds now: the one it opened with, or the fresh one 'Reload'
   * read, so its `version` is the one the form was loaded at.
   */
  update: (record: TRecord, values: z.output<S>, extra: TExtra) => Promise<unknown>;
  /** Reads the record fresh; a STALE_VERSION refusal then offers 'Reload' with it. */
  reload?: (queryClient: QueryClient, record: TRecord) => Promise<TRecord>;
  toasts: { created?: string | ((values: z.output<S>) => { message: string; description?: string }); updated: string };
  onDone: () => void;
  /** When fields validate (react-hook-form); default on submit, then on change. */
  mode?: 'all' | 'onSubmit';
}

export interface DrawerFormState<S extends AnySchema, TRecord, TExtra> {
  form: UseFormReturn<z.input<S>, unknown, z.output<S>>;
  isNew: boolean;
  isSubmitting: boolean;
  /** The record the form edits now (after a 'Reload', the fresh one); undefined for a new one. */
  record: TRecord | undefined;
  extra: TExtra;
  /** Sets the extra state (kept in the draft too); takes the next state or a function of the latest. */
  setExtra: (extra: SetStateAction<TExtra>) => void;
  /** The `<form onSubmit>` handler: validation, create or update, toast, failure. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  /** 'Clear Form': back to the empty values, draft forgotten. */
  clear: () => void;
  /** A new record with a draft (or a `clearable` form) offers 'Clear Form'. */
  canClear: boolean;
}

/**
 * The life of a drawer form, one way for every screen: values from the record or the new-record
 * draft, the draft kept while typing, 'Clear Form', create or update (with the record the form
 * was loaded at, so its version), the success toast, and a failure that keeps the drawer open —
 * the server's field issues under their fields, 'Reload' only for STALE_VERSION. No lost work
 * (docs/product/shell.md): a form without a draft tells its drawer when it holds unsaved changes,
 * and the drawer then asks before Escape, an outside click or × discards them.
 */
export function useDrawerForm<S extends AnySchema, TRecord, TExtra = undefined>(config: DrawerFormConfig<S, TRecord, TExtra>): DrawerFormState<S, TRecord, TExtra> {
  const { extra: extraConfig } = config;
  const isNew = config.record === undefined;
  const keepsDraft = isNew && config.draftName !== undefined;
  const draft = useFormDraft<{ values: z.input<S>; extra: TExtra }>(config.draftName ?? '', keepsDraft);
  const queryClient = useQueryClient();
  const [record, setRecord] = useState(config.record);

  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(config.schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    mode: config.mode ?? 'onSubmit',
    defaultValues: (draft.initial?.values ?? (record ? config.valuesOf(record) : config.empty)) as DefaultValues<z.input<S>>,
  });
  const extraOf = (from: TRecord | undefined): TExtra => (from !== undefined && extraConfig ? extraConfig.of(from) : (extraConfig?.empty as TExtra));
  const [extra, setExtraState] = useState<TExtra>(() => (draft.initial ? draft.initial.extra : extraOf(record)));
  const extraRef = useRef(extra);
  // The extra state the form started from (or was last reset to), for "unsaved changes".
  const [savedExtra, setSavedExtra] = useState(extra);
  const resetExtra = (next: TExtra) => {
    extraRef.current = next;
    setExtraState(next);
    setSavedExtra(next);
  };
  const setExtra = (next: SetStateAction<TExtra>) => {
    const value = typeof next === 'function' ? (next as (prev: TExtra) => TExtra)(extraRef.current) : next;
    extraRef.current = value;
    setExtraState(value);
    if (keepsDraft) draft.save({ values: form.getValues(), extra: value });
  };

  const { save } = draft;
  useEffect(() => {
    if (!keepsDraft) return;
    const subscription = form.watch((values) => save({ values: values as z.input<S>, extra: extraRef.current }));
    return () => subscription.unsubscribe();
  }, [form, keepsDraft, save]);

  const extraChanged = extraConfig?.same ? !extraConfig.same(savedExtra, extra) : false;
  useUnsavedChanges(!keepsDraft && (form.formState.isDirty || extraChanged));

  const clear = () => {
    form.reset(config.empty);
    resetExtra(extraConfig?.empty as TExtra);
    draft.clear();
  };

  const reload = async (current: TRecord) => {
    if (!config.reload) return;
    const fresh = await config.reload(queryClient, current);
    setRecord(fresh);
    form.reset(config.valuesOf(fresh));
    resetExtra(extraOf(fresh));
  };

  const submit = async (values: z.output<S>) => {
    try {
      if (config.beforeSave && !(await config.beforeSave(values, extraRef.current))) return;
      if (record === undefined) {
        if (!config.create) throw new Error(`No create for ${config.entity}`);
        await config.create(values, extraRef.current);
        draft.clear();
        const created = config.toasts.created;
        if (typeof created === 'function') {
          const { message, description } = created(values);
          toast.success(message, description === undefined ? undefined : { description });
        } else if (created) toast.success(created);
      } else {
        await config.update(record, values, extraRef.current);
        toast.success(config.toasts.updated);
      }
      config.onDone();
    } catch (error) {
      if (record !== undefined && config.reload && offerReloadIfStale(error, () => reload(record))) return;
      reportSaveFailure(error, config.entity, (field, message) => form.setError(field as Path<z.input<S>>, { message }));
    }
  };

  return {
    form,
    isNew,
    isSubmitting: form.formState.isSubmitting,
    record,
    extra,
    setExtra,
    onSubmit: form.handleSubmit(submit, () => toast.error(VALIDATION_MESSAGES.schemaFailureToast)),
    clear,
    canClear: keepsDraft || config.clearable === true,
  };
}

/**
 * A drawer form: the `<form>` filling the drawer and its footer — 'Clear Form' for a new record
 * that keeps a draft, Cancel, and 'Create {noun}' / 'Update {noun}' (Creating... / Updating... while
 * it saves).
 */
export function DrawerForm({
  id,
  state,
  noun,
  onCancel,
  footerStart,
  submitDisabled = false,
  children,
}: {
  id: string;
  state: Pick<DrawerFormState<AnySchema, unknown, unknown>, 'isNew' | 'isSubmitting' | 'onSubmit' | 'clear' | 'canClear'>;
  /** e.g. 'User' → 'Create User' / 'Update User'. */
  noun: string;
  onCancel: () => void;
  /** More buttons left in the footer, after 'Clear Form' (the trip form's Cancel Load). */
  footerStart?: ReactNode;
  /** Submit is disabled also while this holds (the trip form without stops). */
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  const { isNew, isSubmitting } = state;
  return (
    <form id={id} noValidate className="flex min-h-full flex-col gap-4" onSubmit={(event) => void state.onSubmit(event)}>
      {children}
      <DrawerFormFooter
        start={
          <>
            {state.canClear && (
              <Button variant="ghost" disabled={isSubmitting} onClick={state.clear}>
                Clear Form
              </Button>
            )}
            {footerStart}
          </>
        }
      >
        <Button variant="outline" disabled={isSubmitting} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting || submitDisabled}>
          {isSubmitting ? (isNew ? 'Creating...' : 'Updating...') : `${isNew ? 'Create' : 'Update'} ${noun}`}
        </Button>
      </DrawerFormFooter>
    </form>
  );
}
