import { regexes } from 'zod/v4/core';
import { messages } from './messages.ts';

// The sign-in page checks the address as the server's `email()` schema (validation.ts) would,
// without loading the schema library: zod's own pattern, the same limits, the same messages.

/** What is wrong with an email address, as `email()` would say it, or null. */
export const emailProblem = (value: string): string | null => {
  const address = value.trim();
  if (address === '') return messages.required;
  if (address.length > 254) return messages.tooLong(254);
  return regexes.email.test(address) ? null : messages.invalidEmail;
};
