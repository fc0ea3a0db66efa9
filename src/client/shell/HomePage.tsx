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
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const toggle = (meetingId: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(meetingId)) next.add(meetingId);
      return next;
    });

  const widget: Record<WidgetKey, () => ReactNode> = {
    calendar: () => <LazyCalendar timezone={viewer.timezone} />,
    todos: () => (
      <MyItemsWidget
        type={TASK_TYPE.todo}
        title={messages.homeTodosTitle}
        empty={messages.homeTodosEmpty}
        hiddenMeetings={hidden}
      />
    ),
    goals: () => (
      <MyItemsWidget
        type={TASK_TYPE.goal}
        title={messages.homeGoalsTitle}
        empty={messages.homeGoalsEmpty}
        hiddenMeetings={hidden}
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
      <MeetingAvatarStrip hidden={hidden} onToggle={toggle} />
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
