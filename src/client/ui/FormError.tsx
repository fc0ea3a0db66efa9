import { Text } from '@mantine/core';
import { messages } from '../../shared/messages.ts';
import { ApiError } from '../lib/api.ts';

/** The text to show for a failed call inside a form or dialog: the server's message, else the generic one. */
export const errorText = (error: unknown): string =>
  error instanceof ApiError && error.message ? error.message : messages.somethingWentWrong;

/** The first per-field message of a failed call (e.g. sign-up, document 1 §2), else `errorText`. */
export const firstErrorText = (error: unknown): string => {
  const first = error instanceof ApiError ? Object.values(error.errors ?? {})[0] : undefined;
  return first ?? errorText(error);
};

/**
 * The per-field messages of a refusal, by the form's field: a nested field's message goes to its
 * top field (`weekdays.0` → `weekdays`). Empty for a failure that names no field.
 */
export const fieldErrorsOf = (error: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((error instanceof ApiError && error.errors) || {}).map(([field, text]) => [
      field.split('.')[0]!,
      text,
    ]),
  );

/** The messages of a form's own check (zod issues), by top field, as `fieldErrorsOf` gives the server's. */
export const issuesByField = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));

/** A failure shown in red inside a form (document 1 §8), announced to screen readers. */
export const FormError = ({ message }: { message: string | null | undefined }) =>
  message ? (
    <Text c="red" size="sm" role="alert">
      {message}
    </Text>
  ) : null;
