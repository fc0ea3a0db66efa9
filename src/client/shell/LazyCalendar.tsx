import { type ComponentProps, lazy, Suspense } from 'react';
import type { CalendarPanel as Panel } from '../../features/calendar/client/CalendarPanel.tsx';
import { SectionLoading } from '../ui/SectionState.tsx';

// The calendar library is heavy: it loads with the calendar, not with the page that shows it.
const CalendarPanel = lazy(() =>
  import('../../features/calendar/client/CalendarPanel.tsx').then((m) => ({ default: m.CalendarPanel })),
);

/** The calendar (home widget, meeting dashboard), its code fetched when first shown. */
export const LazyCalendar = (props: ComponentProps<typeof Panel>) => (
  <Suspense fallback={<SectionLoading />}>
    <CalendarPanel {...props} />
  </Suspense>
);
