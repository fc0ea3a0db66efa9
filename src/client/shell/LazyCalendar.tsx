import { Card, Stack, Title } from '@mantine/core';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import type { CalendarPanel as Panel } from '../../features/calendar/client/CalendarPanel.tsx';
import { CALENDAR_MIN_HEIGHT } from '../../features/calendar/client/calendarHeight.ts';
import { messages } from '../../shared/messages.ts';
import { SectionBoundary } from '../ui/SectionBoundary.tsx';
import { SectionLoading } from '../ui/SectionState.tsx';

// The calendar library is heavy: it loads with the calendar, not with the page that shows it.
// A new lazy component on Retry asks for the chunk again (a failed import is not retried by React).
const loadPanel = () =>
  lazy(() => import('../../features/calendar/client/CalendarPanel.tsx').then((m) => ({ default: m.CalendarPanel })));

/**
 * The calendar (home widget, meeting dashboard), its code fetched when first shown. Its chunk
 * failing to load, or the calendar failing to render, shows the widget's own error (decision 061).
 */
export const LazyCalendar = (props: ComponentProps<typeof Panel>) => {
  const [CalendarPanel, setPanel] = useState(loadPanel);
  const title = props.title ?? messages.calendarTitle;
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
      <Suspense
        fallback={
          <Card withBorder padding="md" radius="md" component="section" aria-label={title} mih={CALENDAR_MIN_HEIGHT}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {title}
              </Title>
              <SectionLoading label={messages.calendarLoading} />
            </Stack>
          </Card>
        }
      >
        <CalendarPanel {...props} />
      </Suspense>
    </SectionBoundary>
  );
};
