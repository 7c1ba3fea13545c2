import { type FormEvent, useState } from 'react';

// A small controlled form for the public pages, which should not download Ant Design's Form and
// its validation engine. It behaves as their antd forms did: a field is checked on every change,
// every field on submit, and the submit handler runs only when all pass. A check answers the
// contract's message key (e.g. 'validation.email.required') or null.

export type FieldChecks<T> = { [K in keyof T]?: (value: T[K], values: T) => string | null };
type Errors<T> = Partial<Record<keyof T, string | null>>;

function checkFields<T>(values: T, checks: FieldChecks<T>, names: Iterable<keyof T>): Errors<T> {
  const errors: Errors<T> = {};
  for (const name of names) errors[name] = checks[name]?.(values[name], values) ?? null;
  return errors;
}

export function useFieldForm<T extends Record<string, unknown>>(initial: T, checks: FieldChecks<T>) {
  const [{ values, errors }, setState] = useState<{ values: T; errors: Errors<T> }>({
    values: initial,
    errors: {},
  });

  function setValue<K extends keyof T>(name: K, value: T[K]) {
    setState((state) => {
      const next = { ...state.values, [name]: value };
      // Fields checked before are checked again: a confirmation follows its password.
      const names = new Set<keyof T>([...(Object.keys(state.errors) as (keyof T)[]), name]);
      return { values: next, errors: checkFields(next, checks, names) };
    });
  }

  /** The form's onSubmit: checks every field, then hands the values over when all pass. */
  const submit = (onValid: (values: T) => void) => (event: FormEvent) => {
    event.preventDefault();
    const found = checkFields(values, checks, Object.keys(checks) as (keyof T)[]);
    setState({ values, errors: found });
    if (Object.values(found).every((error) => !error)) onValid(values);
  };

  /** The props binding a text input (antd Input or Input.Password) to a field; its id is the name. */
  const input = <K extends keyof T & string>(name: K) => ({
    id: name,
    value: (values[name] as string | undefined) ?? '',
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value as T[K]),
    status: errors[name] ? ('error' as const) : undefined,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}_help` : undefined,
  });

  return { values, errors, setValue, submit, input };
}

export type FieldForm<T extends Record<string, unknown>> = ReturnType<typeof useFieldForm<T>>;
