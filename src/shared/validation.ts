import { z } from 'zod';
import { messages } from './messages.ts';

// Field schemas shared by the server's routes and the client's forms, so that both show the
// same message for the same mistake.

/** A required text: trimmed, non-empty. */
export const requiredText = (max = 255) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: messages.tooLong(max) });

export const email = () =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(254, { error: messages.tooLong(254) })
    .pipe(z.email({ error: messages.invalidEmail }))
    .transform((value) => value.toLowerCase());

export const PASSWORD_MIN = 6;
export const password = () =>
  z
    .string({ error: messages.required })
    .min(1, { error: messages.required })
    .min(PASSWORD_MIN, { error: messages.tooShort(PASSWORD_MIN) })
    .max(200, { error: messages.tooLong(200) });

export const uuid = () => z.uuid({ error: messages.notFound });

/** Anything missing is "This field is required"; other zod defaults become one plain message. */
export const installErrorMessages = () =>
  z.config({
    customError: (issue) => (issue.input === undefined ? messages.required : undefined),
  });
