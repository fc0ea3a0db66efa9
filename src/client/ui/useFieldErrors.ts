import { type SetStateAction, useCallback, useMemo, useRef, useState } from 'react';

// The per-field messages of a form ("This field is required", a server's field error). A
// message belongs to the value it was about: once the field changes, it is no longer shown,
// so a filled-in field does not stay red until the next submit. Forms built on Mantine's
// useForm get the same from its clearInputErrorOnChange.

type Message = string | null | undefined;
type Errors<V> = Partial<Record<keyof V & string, Message>>;

/**
 * `[errors, setErrors]` like useState (the setter is stable), where `errors` leaves out the
 * fields whose value in `values` (the form's current values, by field) differs from the one
 * on screen when their message was set.
 */
export const useFieldErrors = <V extends object>(values: V) => {
  const [state, setState] = useState<{ errors: Errors<V>; at: V }>({ errors: {}, at: values });
  const latest = useRef(values);
  latest.current = values;
  const setErrors = useCallback(
    (next: SetStateAction<Errors<V>>) =>
      setState((current) => ({
        errors: typeof next === 'function' ? next(current.errors) : next,
        at: latest.current,
      })),
    [],
  );
  const shown: Errors<V> = {};
  for (const field of Object.keys(state.errors) as (keyof V & string)[]) {
    if (Object.is(values[field], state.at[field])) shown[field] = state.errors[field];
  }
  return [shown, setErrors] as const;
};

/** One field's message (a form of a single input): `[error, setError]`, cleared once `value` changes. */
export const useFieldError = (value: unknown) => {
  const [errors, setErrors] = useFieldErrors({ value });
  const setError = useMemo(() => (message: Message) => setErrors({ value: message }), [setErrors]);
  return [errors.value ?? null, setError] as const;
};
