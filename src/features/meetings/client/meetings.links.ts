import { messages } from '../../../shared/messages.ts';
import { ZLink } from '../meetings.link.ts';

/** What is wrong with a link typed by a person, or null: the server's own check (ZLink). */
export const linkError = (value: string): string | null => {
  const parsed = ZLink.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? messages.invalidUrl);
};

/** The link as it will be saved ('https://' added when the scheme is missing). */
export const normalisedLink = (value: string): string => {
  const parsed = ZLink.safeParse(value);
  return parsed.success ? (parsed.data ?? '') : value.trim();
};
