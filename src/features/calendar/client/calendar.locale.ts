import type { LocaleInput } from '@fullcalendar/react';
import { useQuery } from '@tanstack/react-query';
import type { LOCALES } from '../../../shared/constants.ts';

// The calendar speaks the person's language setting (profile, Basic Info) where FullCalendar has
// that locale: weekday and month names, date and time formats, its own button texts. American
// English is FullCalendar's built-in default; the others load on demand, as small chunks.

type Locale = (typeof LOCALES)[number];

const LOADERS: Record<Exclude<Locale, 'en_US'>, () => Promise<{ default: LocaleInput }>> = {
  en_GB: () => import('@fullcalendar/react/locales/en-gb'),
  de_DE: () => import('@fullcalendar/react/locales/de'),
  fr_FR: () => import('@fullcalendar/react/locales/fr'),
  es_ES: () => import('@fullcalendar/react/locales/es'),
};

/** Whether the app's own (English, the spec's) labels suit the calendar's buttons. */
export const isEnglish = (locale: string | undefined) => !locale || locale.startsWith('en_');

/**
 * FullCalendar's locale for a setting: undefined while it loads (or for English (US), or when it
 * fails to load: then the calendar stays in English rather than not showing).
 */
export const useCalendarLocale = (locale: string | undefined) => {
  const load = locale && locale in LOADERS ? LOADERS[locale as keyof typeof LOADERS] : null;
  const query = useQuery({
    queryKey: ['calendar-locale', locale],
    enabled: load !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
    queryFn: async () => (await load!()).default,
  });
  return { locale: query.data, loading: load !== null && query.isPending && !query.isError };
};
