import { inZone } from './dayjs.ts';
import { useSelf } from './self.ts';

// How a moment (an instant: a sign-in, a saved answer, an export) is shown: in the signed-in
// person's time zone, the one their top bar clock follows, in one format family.

/** "Nov 28, 2026 1:09 AM". */
export const MOMENT_FORMAT = 'MMM D, YYYY h:mm A';
/** "Nov 28, 2026": the day of a moment. */
export const MOMENT_DAY_FORMAT = 'MMM D, YYYY';

/** The browser's own zone: for pages without a signed-in person (a shared card). */
export const browserTimezone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Formats moments in the profile's time zone (the browser's until the profile is known). */
export const useMoments = () => {
  const timezone = useSelf().data?.user.timezone ?? browserTimezone();
  return {
    timezone,
    at: (instant: string | Date) => inZone(instant, timezone).format(MOMENT_FORMAT),
    day: (instant: string | Date) => inZone(instant, timezone).format(MOMENT_DAY_FORMAT),
  };
};
