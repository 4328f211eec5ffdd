import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

/** A field's problem as FormField shows it (the shape of react-hook-form's FieldError). */
export interface FieldProblem {
  type: string;
  message: string;
}

type Problems<Name extends string> = Partial<Record<Name, FieldProblem>>;

type Checked<Name extends string, Values> = { ok: true; values: Values } | { ok: false; problems: Problems<Name> };

function check<Name extends string, Values>(rules: z.ZodType<Values>, input: Record<Name, string>): Checked<Name, Values> {
  const result = rules.safeParse(input);
  if (result.success) return { ok: true, values: result.data };
  const problems: Problems<Name> = {};
  // The first problem of each field, as the other forms show it (zodResolver).
  for (const issue of result.error.issues) {
    const name = String(issue.path[0]) as Name;
    problems[name] ??= { type: issue.code, message: issue.message };
  }
  return { ok: false, problems };
}

/**
 * The sign-in screen's small forms (sign in, reset request, new password) without a form library,
 * checked by the contracts schema, which loads on first typing or on submit, so the sign-in screen
 * loads no zod (docs/decisions/013-first-screen-loads-fast.md). Like the other forms (react-hook-form,
 * mode onSubmit): fields are checked on submit, the first field in error takes the focus, and after a
 * submit each change re-checks its own field.
 */
export function useAuthForm<Name extends string, Values>(defaultValues: Record<Name, string>, loadRules: () => Promise<z.ZodType<Values>>) {
  const [initial] = useState(defaultValues);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Problems<Name>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const latest = useRef(initial);
  const submitted = useRef(false);
  const rules = useRef<z.ZodType<Values> | null>(null);
  const inputs = useRef(new Map<Name, HTMLInputElement>());

  const load = async () => (rules.current ??= await loadRules());

  const onChange = (name: Name, value: string) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
    if (!rules.current) {
      void load().catch(() => {}); // a failure shows on submit
      return;
    }
    if (!submitted.current) return;
    const result = check(rules.current, latest.current);
    const problem = result.ok ? undefined : result.problems[name];
    setErrors((previous) => {
      const next = { ...previous };
      if (problem) next[name] = problem;
      else delete next[name];
      return next;
    });
  };

  /** Props for the field's Input. */
  const field = (name: Name) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(name, event.target.value),
    ref: (input: HTMLInputElement | null) => {
      if (input) inputs.current.set(name, input);
      else inputs.current.delete(name);
    },
  });

  /**
   * The form's onSubmit: checks the values, then `onValid` with the parsed values, or shows the problems,
   * focuses the first and calls `onInvalid`. `onError` when the rules could not be loaded.
   */
  const handleSubmit = (onValid: (values: Values) => Promise<void> | void, onInvalid: () => void, onError: (error: unknown) => void) => async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      let loaded: z.ZodType<Values>;
      try {
        loaded = await load();
      } catch (error) {
        onError(error);
        return;
      }
      submitted.current = true;
      const result = check(loaded, latest.current);
      if (!result.ok) {
        const { problems } = result;
        setErrors(problems);
        onInvalid();
        const first = (Object.keys(initial) as Name[]).find((name) => problems[name]);
        if (first) inputs.current.get(first)?.focus();
        return;
      }
      setErrors({});
      await onValid(result.values);
    } finally {
      setSubmitting(false);
    }
  };

  /** Back to the empty form, checked again only from the next submit. */
  const reset = () => {
    latest.current = initial;
    submitted.current = false;
    setValues(initial);
    setErrors({});
  };

  return { field, errors, isSubmitting, handleSubmit, reset };
}
