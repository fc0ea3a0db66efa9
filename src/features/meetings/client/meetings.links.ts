import { messages } from '../../../shared/messages.ts';
import { ZLink } from '../meetings.schemas.ts';

/**
 * What is wrong with a link typed by a person, or null: the schemas' own check (ZLink, which adds
 * 'https://' when the scheme is missing), plus whitespace inside it — browsers' URL parsers
 * accept 'https://not a url', the server's does not.
 */
export const linkError = (value: string): string | null => {
  const parsed = ZLink.safeParse(value);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? messages.invalidUrl;
  return /\s/.test(value.trim()) ? messages.invalidUrl : null;
};

/** The link as it will be saved ('https://' added when the scheme is missing). */
export const normalisedLink = (value: string): string => {
  const parsed = ZLink.safeParse(value);
  return parsed.success ? (parsed.data ?? '') : value.trim();
};
