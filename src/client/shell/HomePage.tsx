import { Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { GettingStartedPanel } from '../../features/home/client/GettingStartedPanel.tsx';
import { useGettingStarted } from '../../features/home/client/gettingStarted.queries.ts';
import { MeetingAvatarStrip } from '../../features/home/client/MeetingAvatarStrip.tsx';
import { MyItemsWidget } from '../../features/home/client/MyItemsWidget.tsx';
import { useSimpleMeetings, useViewer } from '../../features/meetings/client/meetings.queries.ts';
import { useSaveHiddenMeetings, useUserSettings } from '../../features/settings/client/userSettings.queries.ts';
import { DEFAULT_WIDGETS, type WidgetKey } from '../../shared/constants.ts';
import { TASK_TYPE } from '../../shared/tasks.ts';
import { clientMessages } from '../client.messages.ts';
import { greetingFor } from '../lib/greeting.ts';
import { useNow } from '../lib/useNow.ts';
import { lazyDialog, lazySection } from '../ui/lazyPart.tsx';
import { SectionError, SectionLoading } from '../ui/SectionState.tsx';
import { LazyCalendar } from './LazyCalendar.tsx';

// The KPI widget (a scorecard with drag-and-drop rows) and the new-meeting wizard load on demand.
const HomeKpiPanel = lazySection(
  async () => (await import('../../features/kpis/client/HomeKpiPanel.tsx')).HomeKpiPanel,
  {
    failed: clientMessages.partLoadFailed,
    minHeight: 160,
  },
);
const NewMeetingWizard = lazyDialog(
  async () => (await import('../../features/meetings/client/components/NewMeetingWizard.tsx')).NewMeetingWizard,
);

/**
 * The home dashboard (document 1 §1): the greeting, a new workspace's getting-started panel, the
 * meeting filter, and the widgets the user shows, in their order (self/settings; arranged from the
 * top bar). The system status is on the Administration page.
 */
export const HomePage = () => {
  const now = useNow();
  const viewer = useViewer();
  const settings = useUserSettings();
  const meetings = useSimpleMeetings(true, true);
  const saveHidden = useSaveHiddenMeetings();
  const [wizardOpen, wizard] = useDisclosure(false);
  // The meetings whose items the To Do's and Goals leave out (the avatar strip, saved in the
  // person's settings: decision 069). Only those the strip shows count: a meeting the person left
  // or that was deleted could not be shown again from here.
  const stripIds = new Set((meetings.data ?? []).map((meeting) => meeting.id));
  const hiddenMeetingIds = (settings.data?.hiddenMeetingIds ?? []).filter((id) => stripIds.has(id));
  const hidden = new Set(hiddenMeetingIds);
  // The widgets ask once both are known (either may have failed: then nothing is hidden).
  const ready = !settings.isPending && !meetings.isPending;
  // What shows above the widgets (the getting-started panel, the meetings' avatars) has answered
  // before the widgets take their place, so they are not pushed down when it arrives (CLS).
  const gettingStarted = useGettingStarted();
  const placed = ready && !gettingStarted.isPending;
  const toggle = (meetingId: string) =>
    saveHidden.mutate(
      hidden.has(meetingId) ? hiddenMeetingIds.filter((id) => id !== meetingId) : [...hiddenMeetingIds, meetingId],
    );

  const widget: Record<WidgetKey, () => ReactNode> = {
    calendar: () => <LazyCalendar timezone={viewer.timezone} />,
    todos: () => (
      <MyItemsWidget
        type={TASK_TYPE.todo}
        title={clientMessages.homeTodosTitle}
        empty={clientMessages.homeTodosEmpty}
        emptyFiltered={clientMessages.homeTodosEmptyFiltered}
        hiddenMeetingIds={hiddenMeetingIds}
        ready={ready}
      />
    ),
    goals: () => (
      <MyItemsWidget
        type={TASK_TYPE.goal}
        title={clientMessages.homeGoalsTitle}
        empty={clientMessages.homeGoalsEmpty}
        emptyFiltered={clientMessages.homeGoalsEmptyFiltered}
        hiddenMeetingIds={hiddenMeetingIds}
        ready={ready}
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
      {/* The shell joins the panel and the meetings' wizard: features do not import each other. */}
      <GettingStartedPanel onCreateMeeting={wizard.open} scorecardMeetingId={meetings.data?.[0]?.id ?? null} />
      <NewMeetingWizard opened={wizardOpen} onClose={wizard.close} type="meeting" />
      {placed && settings.data && (
        <MeetingAvatarStrip
          meetings={meetings.data ?? []}
          hidden={hidden}
          onToggle={toggle}
          onShowAll={() => saveHidden.mutate([])}
        />
      )}
      {!placed && !settings.isError && <SectionLoading />}
      {settings.isError && (
        <SectionError
          title={clientMessages.widgetsLoadFailed}
          error={settings.error}
          onRetry={() => settings.refetch()}
        />
      )}
      {placed && settings.data && visible.length === 0 && (
        <Text size="sm" c="dimmed">
          {clientMessages.widgetsNoneVisible}
        </Text>
      )}
      {(placed ? visible : []).map((w) => (
        <div key={w.key} data-widget={w.key}>
          {widget[w.key]()}
        </div>
      ))}
    </Stack>
  );
};
