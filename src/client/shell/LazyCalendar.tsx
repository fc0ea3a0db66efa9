import { Card, Stack, Title } from '@mantine/core';
import { type ComponentProps, lazy, Suspense, useRef, useState } from 'react';
import type { CalendarPanel as Panel } from '../../features/calendar/client/CalendarPanel.tsx';
import { CALENDAR_MIN_HEIGHT } from '../../features/calendar/client/calendarHeight.ts';
import { messages } from '../../shared/messages.ts';
import { SectionBoundary } from '../ui/SectionBoundary.tsx';
import { SectionLoading } from '../ui/SectionState.tsx';
import { useNearView } from '../ui/useNearView.ts';

// The calendar library is heavy: it loads with the calendar, not with the page that shows it.
// A new lazy component on Retry asks for the chunk again (a failed import is not retried by React).
/** How close to the visible page a calendar shown `whenNear` starts to load. */
const NEAR_PAGE_MARGIN = '400px 0px';

const loadPanel = () =>
  lazy(() => import('../../features/calendar/client/CalendarPanel.tsx').then((m) => ({ default: m.CalendarPanel })));

/**
 * The calendar (home widget, meeting dashboard), its code fetched when first shown. Its chunk
 * failing to load, or the calendar failing to render, shows the widget's own error (decision 061).
 * `whenNear`: shown once the page is scrolled near it (a page with much above it, whose first view
 * should not wait for a calendar nobody sees yet); its height is kept meanwhile.
 */
export const LazyCalendar = ({ whenNear = false, ...props }: ComponentProps<typeof Panel> & { whenNear?: boolean }) => {
  const [CalendarPanel, setPanel] = useState(loadPanel);
  const title = props.title ?? messages.calendarTitle;
  const placeholder = useRef<HTMLDivElement>(null);
  const near = useNearView(placeholder, { rootMargin: NEAR_PAGE_MARGIN });
  const loading = (
    <Card
      ref={placeholder}
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-label={title}
      mih={CALENDAR_MIN_HEIGHT}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <SectionLoading label={messages.calendarLoading} />
      </Stack>
    </Card>
  );
  if (whenNear && !near) return loading;
  return (
    <SectionBoundary
      title={messages.calendarLoadFailed}
      onRetry={() => setPanel(loadPanel)}
      fallback={(error) => (
        <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {title}
            </Title>
            {error}
          </Stack>
        </Card>
      )}
    >
      <Suspense fallback={loading}>
        <CalendarPanel {...props} />
      </Suspense>
    </SectionBoundary>
  );
};
