import { Select, Text } from '@mantine/core';
import { useState } from 'react';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { useMeetingRoom, useSimpleMeetings, useViewer } from '../../meetings/client/meetings.queries.ts';
import { kpisMessages } from '../kpis.messages.ts';
import { KpiPanel } from './KpiPanel.tsx';

// The home page's KPI widget (document 2 §2): "My KPI's" with a meeting selector. It shows
// the viewer's own scores in the chosen meeting; the choice is remembered in this browser.

const STORAGE_KEY = 'cadence.home.kpiMeeting';

const stored = (): string | null => {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
};

/** Joins the chosen meeting's real-time room while it is shown (values arrive live). */
const MeetingRoom = ({ meetingId }: { meetingId: string }) => {
  useMeetingRoom(meetingId);
  return null;
};

export const HomeKpiPanel = () => {
  const viewer = useViewer();
  const meetings = useSimpleMeetings(true, true);
  const [chosen, setChosen] = useState<string | null>(stored);
  // Meetings by title (document 2 §9); the remembered one if it is still there, else the first.
  const options = [...(meetings.data ?? [])]
    .sort((a, b) => a.title.localeCompare(b.title))
    .map((meeting) => ({ value: meeting.id, label: meeting.title }));
  const meetingId = options.find((option) => option.value === chosen)?.value ?? options[0]?.value ?? null;

  const selector = (
    <Select
      aria-label={kpisMessages.kpiMeetingLabel}
      placeholder={kpisMessages.kpiMeetingLabel}
      size="xs"
      w={200}
      data={options}
      value={meetingId}
      allowDeselect={false}
      searchable
      disabled={options.length === 0}
      onChange={(value) => {
        setChosen(value);
        try {
          if (value) localStorage.setItem(STORAGE_KEY, value);
        } catch {
          // Private mode: the choice lasts for this page only.
        }
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <>
      {meetingId && <MeetingRoom meetingId={meetingId} />}
      <KpiPanel
        meetingId={meetingId}
        title={kpisMessages.myKpis}
        timezone={viewer.timezone}
        viewerId={viewer.userId}
        userId={viewer.userId || null}
        selector={selector}
        emptyText={kpisMessages.kpiNoMyScores}
        placeholder={
          meetings.isPending ? (
            <SectionLoading />
          ) : meetings.isError ? (
            <SectionError
              title={kpisMessages.kpiLoadFailed}
              error={meetings.error}
              onRetry={() => void meetings.refetch()}
              retrying={meetings.isFetching}
            />
          ) : (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {kpisMessages.kpiNoMeetings}
            </Text>
          )
        }
      />
    </>
  );
};
