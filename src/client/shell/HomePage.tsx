import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { MeetingAvatarStrip } from '../../features/home/client/MeetingAvatarStrip.tsx';
import { MyItemsWidget } from '../../features/home/client/MyItemsWidget.tsx';
import { HomeKpiPanel } from '../../features/kpis/client/HomeKpiPanel.tsx';
import { useViewer } from '../../features/meetings/client/meetings.queries.ts';
import { useUserSettings } from '../../features/settings/client/userSettings.queries.ts';
import { DEFAULT_WIDGETS, type WidgetKey } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { TASK_TYPE } from '../../shared/tasks.ts';
import { greetingFor } from '../lib/greeting.ts';
import { useNow } from '../lib/useNow.ts';
import { SectionError, SectionLoading } from '../ui/SectionState.tsx';
import { LazyCalendar } from './LazyCalendar.tsx';
import { SystemStatusCard } from './SystemStatusCard.tsx';

/**
 * The home dashboard (document 1 §1): the greeting, the meeting filter, and the widgets the
 * user shows, in their order (self/settings; arranged from the top bar).
 */
export const HomePage = () => {
  const now = useNow();
  const viewer = useViewer();
  const settings = useUserSettings();
  // The meeting whose items alone the To Do's and Goals show (the avatar strip); null: all.
  const [meetingId, setMeetingId] = useState<string | null>(null);

  const widget: Record<WidgetKey, () => ReactNode> = {
    calendar: () => <LazyCalendar timezone={viewer.timezone} />,
    todos: () => (
      <MyItemsWidget
        type={TASK_TYPE.todo}
        title={messages.homeTodosTitle}
        empty={messages.homeTodosEmpty}
        meetingId={meetingId}
      />
    ),
    goals: () => (
      <MyItemsWidget
        type={TASK_TYPE.goal}
        title={messages.homeGoalsTitle}
        empty={messages.homeGoalsEmpty}
        meetingId={meetingId}
      />
    ),
    kpis: () => <HomeKpiPanel />,
  };
  const visible = (settings.data?.widgets ?? (settings.isError ? DEFAULT_WIDGETS : [])).filter((w) => w.visible);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {greetingFor(now.getHours())}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <SystemStatusCard />
      </SimpleGrid>
      <MeetingAvatarStrip selected={meetingId} onSelect={setMeetingId} />
      {settings.isPending && <SectionLoading />}
      {settings.isError && (
        <SectionError title={messages.widgetsLoadFailed} error={settings.error} onRetry={() => settings.refetch()} />
      )}
      {settings.data && visible.length === 0 && (
        <Text size="sm" c="dimmed">
          {messages.widgetsNoneVisible}
        </Text>
      )}
      {visible.map((w) => (
        <div key={w.key} data-widget={w.key}>
          {widget[w.key]()}
        </div>
      ))}
    </Stack>
  );
};
