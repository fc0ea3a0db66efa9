import FullCalendar, { type CalendarRef } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { useWorkspacePeople } from '../../../client/lib/workspacePeople.ts';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar.css';
import { Alert, Card, Group, Loader, MultiSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from '../../../client/lib/router/index.ts';
import { useSelf } from '../../../client/lib/self.ts';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import {
  CALENDAR_DAY_ITEMS_MAX,
  CALENDAR_ITEMS_PER_CELL,
  DEFAULT_FIRST_DAY_OF_WEEK,
} from '../../../shared/constants.ts';
import { addDays } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import { fullName } from '../../../shared/person.ts';
import { dashboardPath } from '../../meetings/client/meetings.format.ts';
import { useUserSettings } from '../../settings/client/userSettings.queries.ts';
import { calendarMessages } from '../calendar.messages.ts';
import type { CalendarEvent } from '../calendar.schemas.ts';
import { CalendarSettingsButton } from './CalendarSettings.tsx';
import { DEFAULT_EVENT_COLOR, MORE_EVENT_COLOR, QUARTER_EVENT_COLOR, shownHours, textOn } from './calendar.format.ts';
import { isEnglish, useCalendarLocale } from './calendar.locale.ts';
import { type CalendarWindow, useCalendarEvents } from './calendar.queries.ts';
import { CALENDAR_MIN_HEIGHT } from './calendarHeight.ts';

interface Props {
  /** The user's time zone: the calendar shows times in it (document 1 §2). */
  timezone: string;
  /** On a meeting's dashboard: that meeting's items only. */
  meetingId?: string;
  title?: string;
}

/**
 * The calendar (document 2 §2): day, week and month, day first; member filter and search;
 * 5 items a cell then "+N MORE"; the week from 8 am to 8 pm unless an item lies outside.
 * Clicking opens the meeting's dashboard, or the card or goal in its dialog. The server sends a
 * cell's five items a day, sessions first, and counts the rest (decisions 058, 067): "+N MORE" opens that day, whose
 * view asks for up to 100; the search runs on the server too.
 * A quarter's start (an all-day marker, decision 056) opens the Quarters page.
 */
export const CalendarPanel = ({ timezone, meetingId, title = messages.calendarTitle }: Props) => {
  const [range, setRange] = useState<Pick<CalendarWindow, 'start' | 'end'> | null>(null);
  const [people, setPeople] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search.trim(), 300);
  const calendarRef = useRef<CalendarRef>(null);
  const navigate = useNavigate();
  const everyone = useWorkspacePeople();
  // The user's Google Calendar beside Cadence's own (home only; the CSP frames only Google's).
  const settings = useUserSettings();
  const embedUrl = meetingId ? null : (settings.data?.googleCalendarEmbedUrl ?? null);
  // One day shown: its cards in full (up to the day's maximum); more days: a cell's worth each.
  const perDay = range && addDays(range.start, 1) === range.end ? CALENDAR_DAY_ITEMS_MAX : CALENDAR_ITEMS_PER_CELL;
  const query = useCalendarEvents(
    range && { ...range, meetingId, userIds: people, perDay, timeZone: timezone, search: searched },
  );

  const shown = query.data?.events ?? [];
  const hours = useMemo(() => shownHours(shown, timezone), [shown, timezone]);
  const self = useSelf().data;
  const language = useCalendarLocale(self?.user.locale);
  // The spec's labels in English; another language's own words from FullCalendar's locale.
  const english = isEnglish(self?.user.locale);
  const inputs = useMemo(
    () =>
      shown.map((event) => {
        const color = event.kind === 'quarter' ? QUARTER_EVENT_COLOR : (event.color ?? DEFAULT_EVENT_COLOR);
        return {
          id: event.id,
          title: event.kind === 'milestone' ? calendarMessages.calendarMilestone(event.title) : event.title,
          start: event.start,
          ...(event.end ? { end: event.end } : {}),
          allDay: event.allDay,
          color,
          contrastColor: textOn(color),
          className: event.done ? 'cadence-event-done' : event.kind === 'quarter' ? 'cadence-event-quarter' : '',
          extendedProps: { source: event, order: 0 },
        };
      }),
    [shown],
  );
  // The cards a day holds beyond those sent: one "+N MORE" row, last in its cell, opening the day.
  const more = useMemo(
    () =>
      Object.entries(query.data?.moreByDay ?? {}).map(([day, count]) => ({
        id: `more-${day}`,
        title: calendarMessages.calendarMore(count),
        start: day,
        allDay: true,
        color: MORE_EVENT_COLOR,
        contrastColor: textOn(MORE_EVENT_COLOR),
        className: 'cadence-event-more',
        extendedProps: { moreDay: day, order: 1 },
      })),
    [query.data],
  );

  const open = (event: CalendarEvent) => {
    if (event.kind === 'session' && event.meetingId)
      void navigate(dashboardPath({ id: event.meetingId, title: event.title }));
    else if (event.kind === 'quarter') void navigate('/quartals');
    else if (event.taskId) void navigate(`/home/${event.taskId}`);
  };

  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-label={title}
      mih={language.loading ? CALENDAR_MIN_HEIGHT : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Group gap="xs" wrap="wrap" style={{ flex: '1 1 auto', justifyContent: 'flex-end' }}>
            {!meetingId && <CalendarSettingsButton />}
            <MultiSelect
              aria-label={calendarMessages.calendarPeople}
              placeholder={people.length === 0 ? calendarMessages.calendarPeople : undefined}
              data={(everyone.data ?? []).map((p) => ({ value: p.id, label: fullName(p) }))}
              value={people}
              onChange={setPeople}
              searchable
              clearable
              size="xs"
              w={{ base: '100%', xs: 240 }}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              aria-label={calendarMessages.calendarSearch}
              placeholder={calendarMessages.calendarSearch}
              leftSection={<IconSearch size={14} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              size="xs"
              w={{ base: '100%', xs: 200 }}
            />
          </Group>
        </Group>
        {query.isError ? (
          <SectionError title={messages.calendarLoadFailed} error={query.error} onRetry={() => query.refetch()} />
        ) : (
          // A new window loading, or one with nothing in it, on one reserved line (the grid stays put).
          <Group gap="xs" mih={20} role="status" wrap="nowrap">
            {query.isPending || query.isPlaceholderData ? (
              <>
                <Loader size={14} />
                <Text size="xs" c="dimmed">
                  {messages.calendarLoading}
                </Text>
              </>
            ) : query.isSuccess && shown.length === 0 && Object.keys(query.data.moreByDay).length === 0 ? (
              <Text size="xs" c="dimmed">
                {searched ? calendarMessages.calendarNoMatch(searched) : calendarMessages.calendarEmpty}
              </Text>
            ) : null}
          </Group>
        )}
        {query.data?.truncated && (
          <Alert color="yellow" variant="light" p="xs">
            {calendarMessages.calendarTruncated}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, lg: embedUrl ? 3 : 1 }} spacing="md">
          <div
            className="cadence-calendar"
            aria-busy={query.isFetching}
            style={embedUrl ? { gridColumn: 'span 2' } : undefined}
          >
            {language.loading ? (
              <SectionLoading />
            ) : (
              <FullCalendar
                plugins={[classicTheme, dayGridPlugin, timeGridPlugin]}
                initialView="timeGridDay"
                timeZone={timezone}
                {...(language.locale ? { locale: language.locale } : {})}
                // The week starts on the person's first day of week (profile, Basic Info).
                firstDay={self?.user.firstDayOfWeek ?? DEFAULT_FIRST_DAY_OF_WEEK}
                headerToolbar={{
                  start: 'prev,next today',
                  center: 'title',
                  end: 'timeGridDay,timeGridWeek,dayGridMonth',
                }}
                {...(english
                  ? {
                      buttons: {
                        today: { text: calendarMessages.calendarToday },
                        timeGridDay: { text: calendarMessages.calendarDay },
                        timeGridWeek: { text: calendarMessages.calendarWeek },
                        dayGridMonth: { text: calendarMessages.calendarMonth },
                      },
                      moreLinkContent: (more: { num: number }) => calendarMessages.calendarMore(more.num),
                    }
                  : {})}
                height="auto"
                ref={calendarRef}
                events={[...inputs, ...more]}
                eventOrder="order,start,-duration,allDay,title"
                // A timed event's title wraps within its box (the default cuts it to one line), but
                // not in a phone's narrow week columns, where it would break letter by letter;
                // all-day rows and the month keep FullCalendar's own one-line look (`true`: its default).
                eventContent={(arg) =>
                  arg.event.allDay || !arg.view.type.startsWith('timeGrid') ? (
                    true
                  ) : (
                    <div className="cadence-event-text" data-narrow={arg.isNarrow || undefined}>
                      {arg.timeText && !arg.isNarrow && <div className="cadence-event-time">{arg.timeText}</div>}
                      <div>{arg.event.title}</div>
                    </div>
                  )
                }
                eventInteractive
                // The server's five a cell plus its "+N MORE" row.
                dayMaxEvents={CALENDAR_ITEMS_PER_CELL + 1}
                // The day view lists the day's cards in full (the server's up to 100).
                views={{ timeGridDay: { dayMaxEvents: false } }}
                slotMinTime={hours.slotMinTime}
                slotMaxTime={hours.slotMaxTime}
                datesSet={(info) => {
                  const start = info.startStr.slice(0, 10);
                  const end = info.endStr.slice(0, 10);
                  setRange((current) => (current?.start === start && current.end === end ? current : { start, end }));
                }}
                eventClick={(info) => {
                  info.jsEvent.preventDefault();
                  const moreDay = info.event.extendedProps.moreDay as string | undefined;
                  if (moreDay) calendarRef.current?.getApi().changeView('timeGridDay', moreDay);
                  else open(info.event.extendedProps.source as CalendarEvent);
                }}
              />
            )}
          </div>
          {embedUrl && (
            <iframe
              src={embedUrl}
              title={calendarMessages.googleCalendarTitle}
              style={{ border: 0, width: '100%', minHeight: 480, borderRadius: 'var(--mantine-radius-sm)' }}
              loading="lazy"
              referrerPolicy="no-referrer"
            />
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
};
