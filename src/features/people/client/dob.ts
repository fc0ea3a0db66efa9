import { isRealIsoDate } from '../../../shared/dates.ts';

// Dates of birth: typed as MM/dd/yyyy (document 3 §5), stored as YYYY-MM-DD.

/** '1985-12-31' → '12/31/1985'; null → ''. */
export const dobToInput = (iso: string | null | undefined) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
};

/** '12/31/1985' → '1985-12-31'; '' → null; anything else (or an impossible date) → undefined. */
export const inputToDob = (text: string): string | null | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  if (!match) return undefined;
  const iso = `${match[3]}-${match[1]!.padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
  return isRealIsoDate(iso) ? iso : undefined;
};
