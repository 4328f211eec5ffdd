import { zodResolver } from '@hookform/resolvers/zod';
import { VALIDATION_MESSAGES } from '@milepost/contracts/messages';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { hasErrorCode } from '@/lib/api-client';
import { useFormDraft } from '@/lib/form-drafts';
import { reportSaveFailure } from '@/lib/save-failure';
import { DrawerFormFooter } from './drawer-form-footer';

type AnySchema = z.ZodType<FieldValues, FieldValues>;

/** What a drawer form keeps besides its values: e.g. the picked role or place the picker shows. */
interface ExtraState<TRecord, TExtra> {
  empty: TExtra;
  of: (record: TRecord) => TExtra;
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
  /** New records keep a draft under this name while the drawer is closed (docs/product/shell.md). */
  draftName?: string;
  create?: (values: z.output<S>) => Promise<unknown>;
  /** `version` is the one the form was loaded at (undefined for records without one). */
  update: (record: TRecord, values: z.output<S>, version: number | undefined) => Promise<unknown>;
  /** Reads the record fresh; a STALE_VERSION refusal then offers 'Reload' with it. */
  reload?: (queryClient: QueryClient, record: TRecord) => Promise<TRecord>;
  toasts: { created?: string | ((values: z.output<S>) => { message: string; description?: string }); updated: string };
  onDone: () => void;
  /** When fields validate (react-hook-form); default on submit, then on change. */
  mode?: 'all' | 'onSubmit';
}

export interface DrawerFormState<S extends AnySchema, TExtra> {
  form: UseFormReturn<z.input<S>, unknown, z.output<S>>;
  isNew: boolean;
  isSubmitting: boolean;
  extra: TExtra;
  /** Sets the extra state (kept in the draft too). */
  setExtra: (extra: TExtra) => void;
  /** The `<form onSubmit>` handler: validation, create or update, toast, failure. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  /** 'Clear Form': back to the empty values, draft forgotten. */
  clear: () => void;
  /** A new record with a draft offers 'Clear Form'. */
  canClear: boolean;
}

const versionOf = (record: unknown): number | undefined =>
  record && typeof record === 'object' && typeof (record as { version?: unknown }).version === 'number' ? (record as { version: number }).version : undefined;

/**
 * The life of a drawer form, one way for every screen: values from the record or the new-record
 * draft, the draft kept while typing, 'Clear Form', create or update (with the version the form
 * was loaded at), the success toast, and a failure that keeps the drawer open — the server's
 * field issues under their fields, 'Reload' only for STALE_VERSION.
 */
export function useDrawerForm<S extends AnySchema, TRecord, TExtra = undefined>(config: DrawerFormConfig<S, TRecord, TExtra>): DrawerFormState<S, TExtra> {
  const { record, extra: extraConfig } = config;
  const isNew = record === undefined;
  const draft = useFormDraft<{ values: z.input<S>; extra: TExtra }>(config.draftName ?? '', isNew && config.draftName !== undefined);
  const queryClient = useQueryClient();
  const version = useRef(versionOf(record));

  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(config.schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    mode: config.mode ?? 'onSubmit',
    defaultValues: (draft.initial?.values ?? (record ? config.valuesOf(record) : config.empty)) as DefaultValues<z.input<S>>,
  });
  const initialExtra = (): TExtra =>
    draft.initial ? draft.initial.extra : record && extraConfig ? extraConfig.of(record) : (extraConfig?.empty as TExtra);
  const [extra, setExtraState] = useState<TExtra>(initialExtra);
  const extraRef = useRef(extra);
  const setExtra = (next: TExtra) => {
    extraRef.current = next;
    setExtraState(next);
    if (!isNew || config.draftName === undefined) return;
    draft.save({ values: form.getValues(), extra: next });
  };

  const { save } = draft;
  const keepsDraft = isNew && config.draftName !== undefined;
  useEffect(() => {
    if (!keepsDraft) return;
    const subscription = form.watch((values) => save({ values: values as z.input<S>, extra: extraRef.current }));
    return () => subscription.unsubscribe();
  }, [form, keepsDraft, save]);

  const clear = () => {
    form.reset(config.empty);
    extraRef.current = extraConfig?.empty as TExtra;
    setExtraState(extraConfig?.empty as TExtra);
    draft.clear();
  };

  const reload = async (current: TRecord) => {
    if (!config.reload) return;
    const fresh = await config.reload(queryClient, current);
    version.current = versionOf(fresh);
    form.reset(config.valuesOf(fresh));
    if (extraConfig) {
      extraRef.current = extraConfig.of(fresh);
      setExtraState(extraConfig.of(fresh));
    }
  };

  const submit = async (values: z.output<S>) => {
    try {
      if (record === undefined) {
        if (!config.create) throw new Error(`No create for ${config.entity}`);
        await config.create(values);
        draft.clear();
        const created = config.toasts.created;
        if (typeof created === 'function') {
          const { message, description } = created(values);
          toast.success(message, description === undefined ? undefined : { description });
        } else if (created) toast.success(created);
      } else {
        await config.update(record, values, version.current);
        toast.success(config.toasts.updated);
      }
      config.onDone();
    } catch (error) {
      if (record !== undefined && config.reload && hasErrorCode(error, 'STALE_VERSION')) {
        toast.error(error.message, { action: { label: 'Reload', onClick: () => void reload(record) } });
        return;
      }
      reportSaveFailure(error, config.entity, (field, message) => form.setError(field as Path<z.input<S>>, { message }));
    }
  };

  return {
    form,
    isNew,
    isSubmitting: form.formState.isSubmitting,
    extra,
    setExtra,
    onSubmit: form.handleSubmit(submit, () => toast.error(VALIDATION_MESSAGES.schemaFailureToast)),
    clear,
    canClear: keepsDraft,
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
  children,
}: {
  id: string;
  state: Pick<DrawerFormState<AnySchema, unknown>, 'isNew' | 'isSubmitting' | 'onSubmit' | 'clear' | 'canClear'>;
  /** e.g. 'User' → 'Create User' / 'Update User'. */
  noun: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { isNew, isSubmitting } = state;
  return (
    <form id={id} noValidate className="flex min-h-full flex-col gap-4" onSubmit={(event) => void state.onSubmit(event)}>
      {children}
      <DrawerFormFooter
        start={
          state.canClear ? (
            <Button variant="ghost" disabled={isSubmitting} onClick={state.clear}>
              Clear Form
            </Button>
          ) : undefined
        }
      >
        <Button variant="outline" disabled={isSubmitting} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (isNew ? 'Creating...' : 'Updating...') : `${isNew ? 'Create' : 'Update'} ${noun}`}
        </Button>
      </DrawerFormFooter>
    </form>
  );
}
