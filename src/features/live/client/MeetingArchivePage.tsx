import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { dayjs } from '../../../client/lib/dayjs.ts';
import { Link, useParams } from '../../../client/lib/router/index.ts';
import { SectionCard } from '../../../client/ui/SectionCard.tsx';
import { PageLoadError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { formatKpiGoal, formatKpiValue, type KpiScoreGoal, type KpiType } from '../../../shared/kpis.ts';
import { messages } from '../../../shared/messages.ts';
import { statusName } from '../../../shared/tasks.ts';
import { DATE_FORMAT, dashboardPath } from '../../meetings/client/meetings.format.ts';
import { useViewer } from '../../meetings/client/meetings.queries.ts';
import { statusColour, todayIn } from '../../tasks/client/tasks.format.ts';
import { liveMessages } from '../live.messages.ts';
import type { MeetingArchive } from '../live.schemas.ts';
import { ArchivedGoals } from './components/ArchivedGoals.tsx';
import { useArchive } from './live.queries.ts';

// One held session (document 1 §2 /meeting-archives/{sessionId}; document 3 §3): the snapshot
// taken when it finished. Due dates read 'Not Set', open (future) or overdue (past) (document 3 §4).

type ArchiveItems = MeetingArchive['openActionItems'];
type ArchivedKpi = MeetingArchive['kpis'][number]['list'][number];

/** The snapshot keeps the score's words as text; the scorecard's formatting reads them typed. */
const archivedScore = (kpi: ArchivedKpi) => ({
  goal: kpi.goal as KpiScoreGoal,
  score: kpi.score,
  scoreMax: kpi.scoreMax ?? null,
  type: kpi.type as KpiType,
  units: kpi.units,
});

const dueText = (dueDate: string | null, today: string) => {
  if (!dueDate) return { text: messages.archiveDueNotSet, color: 'dimmed' };
  const label = dayjs(dueDate).format(DATE_FORMAT);
  return dueDate < today
    ? { text: liveMessages.archiveOverdue(label), color: 'red' }
    : { text: label, color: undefined };
};

const People = ({ label, people }: { label: string; people: { userId: string; fullName: string }[] }) => (
  <Stack gap={4}>
    <Text size="xs" fw={700} tt="uppercase" c="dimmed">
      {label}
    </Text>
    {people.length === 0 ? (
      <Text size="sm" c="dimmed">
        –
      </Text>
    ) : (
      <Text size="sm">{people.map((person) => person.fullName).join(', ')}</Text>
    )}
  </Stack>
);

const ItemsByPerson = ({ groups, today, empty }: { groups: ArchiveItems; today: string; empty: string }) =>
  groups.length === 0 ? (
    <Text size="sm" c="dimmed">
      {empty}
    </Text>
  ) : (
    <Stack gap="sm">
      {groups.map((group) => (
        <Stack gap={4} key={group.userId}>
          <Text size="sm" fw={600}>
            {group.fullName}
          </Text>
          <Table fz="sm" verticalSpacing={4}>
            <Table.Tbody>
              {group.items.map((item) => {
                const due = dueText(item.dueDate, today);
                return (
                  <Table.Tr key={item.id}>
                    <Table.Td>{item.title}</Table.Td>
                    <Table.Td w={160} ta="right" c={due.color}>
                      {due.text}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Stack>
      ))}
    </Stack>
  );

/** Goals whose status changed in the session, with the status they ended it in. */
const GoalsChanged = ({ goals }: { goals: MeetingArchive['goalsChanged'] }) =>
  goals.length === 0 ? (
    <Text size="sm" c="dimmed">
      {liveMessages.archiveNoItems}
    </Text>
  ) : (
    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {goals.map((goal) => (
        <Group key={goal.id} component="li" gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {goal.title}{' '}
            <Text span c="dimmed" size="sm">
              ({goal.fullName})
            </Text>
          </Text>
          <Badge size="sm" variant="light" color={statusColour('1', goal.status)} style={{ flexShrink: 0 }}>
            {statusName('1', goal.status)}
          </Badge>
        </Group>
      ))}
    </Stack>
  );

/** The cascading messages sent when the session finished: text, audience and how many got it. */
const CascadingList = ({ list }: { list: MeetingArchive['cascadingMessages'] }) =>
  list.length === 0 ? (
    <Text size="sm" c="dimmed">
      {liveMessages.archiveNoItems}
    </Text>
  ) : (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {list.map((message, index) => (
        // The snapshot keeps no ids: the order is the messages' own, and it never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: a written-once snapshot
        <Stack key={index} gap={2} component="li">
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {message.text}
          </Text>
          <Text size="xs" c="dimmed">
            {liveMessages.cascadingTo(
              message.audience === 'everyone'
                ? liveMessages.cascadingEveryone
                : (message.audienceName ?? liveMessages.cascadingAudienceGone),
            )}{' '}
            · {liveMessages.archiveRecipients(message.recipients)}
          </Text>
        </Stack>
      ))}
    </Stack>
  );

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
      {label}
    </Text>
    <Text fw={600}>{children}</Text>
  </Stack>
);

const ArchiveView = ({ archive, today }: { archive: MeetingArchive; today: string }) => (
  <Stack gap="lg">
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group gap="sm">
          <Title order={1} size="h2">
            {archive.meetingTitle}
          </Title>
          <Badge variant="light">{liveMessages.meetingArchiveBadge}</Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Fact label={liveMessages.archiveDate}>{dayjs(archive.meetingDate).format(DATE_FORMAT)}</Fact>
          <Fact label={liveMessages.archiveDuration}>{messages.minutesShort(archive.meetingDuration)}</Fact>
          <Fact label={liveMessages.averageScore}>
            <span data-testid="archive-average">{archive.avgScore === null ? '–' : archive.avgScore.toFixed(1)}</span>
          </Fact>
          <Fact label={liveMessages.recordingLink}>
            {archive.link ? (
              <Anchor href={archive.link} target="_blank" rel="noopener noreferrer">
                {liveMessages.openLink}
              </Anchor>
            ) : (
              '–'
            )}
          </Fact>
        </SimpleGrid>
        {archive.note && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {archive.note}
          </Text>
        )}
      </Stack>
    </Card>
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <SectionCard title={messages.archiveAttendees}>
        <Stack gap="sm">
          <People label={messages.admins} people={archive.attendeesAdmins} />
          <People label={messages.members} people={archive.attendeesMembers} />
          <People label={messages.archiveNotAttended} people={archive.notAttended} />
          {archive.guests.length > 0 && (
            <People
              label={liveMessages.recapGuests}
              people={archive.guests.map((email) => ({ userId: email, fullName: email }))}
            />
          )}
        </Stack>
      </SectionCard>
      <SectionCard title={liveMessages.archiveScores}>
        {archive.scores.length === 0 ? (
          <Text size="sm" c="dimmed">
            {liveMessages.archiveNoScores}
          </Text>
        ) : (
          <Table fz="sm" aria-label={liveMessages.archiveScores}>
            <Table.Tbody>
              {archive.scores.map((row) => (
                <Table.Tr key={row.userId}>
                  <Table.Td fw={600}>{row.fullName}</Table.Td>
                  <Table.Td w={60}>{row.score ?? '–'}</Table.Td>
                  <Table.Td c="dimmed">{row.note}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </SectionCard>
    </SimpleGrid>
    <SectionCard title={messages.kpiSection}>
      {archive.kpis.length === 0 ? (
        <Text size="sm" c="dimmed">
          {messages.kpiNoScores}
        </Text>
      ) : (
        // Focusable, so that a keyboard can scroll it sideways on a phone.
        <Table.ScrollContainer minWidth={520} type="native" tabIndex={0} aria-label={messages.kpiSection}>
          <Table fz="sm" aria-label={messages.kpiSection}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{messages.kpiColumnUser}</Table.Th>
                <Table.Th>{messages.kpiColumnMeasurable}</Table.Th>
                <Table.Th>{messages.kpiColumnGoal}</Table.Th>
                <Table.Th>{liveMessages.archiveMeasured}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {archive.kpis.flatMap((owner) =>
                owner.list.map((kpi, i) => (
                  // A snapshot's rows never reorder; owner and position identify them.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <Table.Tr key={`${owner.userId}-${i}`}>
                    <Table.Td>{i === 0 ? owner.fullName : ''}</Table.Td>
                    <Table.Td>{kpi.title}</Table.Td>
                    <Table.Td>{formatKpiGoal(archivedScore(kpi))}</Table.Td>
                    <Table.Td c={kpi.met === null ? 'dimmed' : kpi.met ? 'green' : 'red'} fw={600}>
                      {kpi.measured === null ? '–' : formatKpiValue(kpi.measured, archivedScore(kpi))}
                    </Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
    <ArchivedGoals archive={archive} />
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <SectionCard title={liveMessages.archiveCompleted}>
        <ItemsByPerson groups={archive.completedActionItems} today={today} empty={liveMessages.archiveNoItems} />
      </SectionCard>
      <SectionCard title={liveMessages.archiveOpen}>
        <ItemsByPerson groups={archive.openActionItems} today={today} empty={liveMessages.archiveNoItems} />
      </SectionCard>
      <SectionCard title={messages.recapTodosCreated}>
        <ItemsByPerson groups={archive.todosCreated} today={today} empty={liveMessages.archiveNoItems} />
      </SectionCard>
      <SectionCard title={messages.recapIssuesSolved}>
        <ItemsByPerson groups={archive.issuesSolved} today={today} empty={liveMessages.archiveNoItems} />
      </SectionCard>
      <SectionCard title={liveMessages.recapIssuesCreated}>
        <ItemsByPerson groups={archive.issuesCreated} today={today} empty={liveMessages.archiveNoItems} />
      </SectionCard>
      <SectionCard title={liveMessages.recapGoalsCreated}>
        <ItemsByPerson groups={archive.goalsCreated} today={today} empty={liveMessages.archiveNoItems} />
      </SectionCard>
      <SectionCard title={liveMessages.recapGoalsFinished}>
        <ItemsByPerson groups={archive.goalsFinished} today={today} empty={liveMessages.archiveNoItems} />
      </SectionCard>
      <SectionCard title={liveMessages.recapHeadlines}>
        <ItemsByPerson groups={archive.headlines} today={today} empty={liveMessages.archiveNoItems} />
      </SectionCard>
      <SectionCard title={liveMessages.recapReassigned}>
        <ItemsByPerson groups={archive.todosReassigned} today={today} empty={liveMessages.archiveNoItems} />
      </SectionCard>
      <SectionCard title={liveMessages.archiveHeadlineIssues}>
        <ItemsByPerson groups={archive.headlineIssues} today={today} empty={liveMessages.archiveNoItems} />
      </SectionCard>
      <SectionCard title={liveMessages.archiveBackburner}>
        <ItemsByPerson groups={archive.backburnerIssues} today={today} empty={liveMessages.archiveNoItems} />
      </SectionCard>
      <SectionCard title={liveMessages.archiveGoalsChanged}>
        <GoalsChanged goals={archive.goalsChanged} />
      </SectionCard>
    </SimpleGrid>
    <SectionCard title={liveMessages.archiveCascading}>
      <CascadingList list={archive.cascadingMessages} />
    </SectionCard>
    {archive.timing && <TimingSection timing={archive.timing} />}
  </Stack>
);

const overrunColour = (overrun: number) => (overrun > 0 ? 'red.8' : undefined);

/** Planned against spent minutes per step, and the session's total (decision 036). */
const TimingSection = ({ timing }: { timing: NonNullable<MeetingArchive['timing']> }) => (
  <SectionCard title={liveMessages.recapTiming}>
    <Table.ScrollContainer minWidth={420} type="native" tabIndex={0} aria-label={liveMessages.recapTiming}>
      <Table fz="sm" aria-label={liveMessages.recapTiming}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{liveMessages.archiveTimingStep}</Table.Th>
            <Table.Th ta="right">{liveMessages.archiveTimingPlanned}</Table.Th>
            <Table.Th ta="right">{liveMessages.archiveTimingActual}</Table.Th>
            <Table.Th ta="right">{liveMessages.archiveTimingOverrun}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {timing.items.map((row) => (
            <Table.Tr key={row.agendaItemId}>
              <Table.Td>{row.title}</Table.Td>
              <Table.Td ta="right">{liveMessages.archiveMinutes(row.plannedMinutes)}</Table.Td>
              <Table.Td ta="right">{liveMessages.archiveMinutes(row.actualMinutes)}</Table.Td>
              <Table.Td ta="right" c={overrunColour(row.overrunMinutes)}>
                {liveMessages.archiveOverrun(row.overrunMinutes)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td>{liveMessages.archiveTimingTotal}</Table.Td>
            <Table.Td ta="right">{liveMessages.archiveMinutes(timing.plannedMinutes)}</Table.Td>
            <Table.Td ta="right">{liveMessages.archiveMinutes(timing.actualMinutes)}</Table.Td>
            <Table.Td ta="right" c={overrunColour(timing.overrunMinutes)}>
              {liveMessages.archiveOverrun(timing.overrunMinutes)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  </SectionCard>
);

export const MeetingArchivePage = () => {
  const { sessionId = '' } = useParams();
  const viewer = useViewer();
  const archive = useArchive(sessionId);
  const back = (
    <Anchor
      component={Link}
      to={archive.data ? dashboardPath({ id: archive.data.meetingId, title: archive.data.meetingTitle }) : '/meetings'}
      size="sm"
    >
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {archive.data ? liveMessages.liveBackToDashboard : messages.backToMeetings}
      </Group>
    </Anchor>
  );
  if (archive.isPending) return <SectionLoading />;
  if (archive.isError) {
    return (
      <PageLoadError
        back={back}
        error={archive.error}
        notFoundTitle={liveMessages.archiveNotFound}
        failedTitle={messages.archivesLoadFailed}
        onRetry={() => void archive.refetch()}
        retrying={archive.isFetching}
      />
    );
  }
  return (
    <Stack gap="md">
      {back}
      <ArchiveView archive={archive.data} today={todayIn(viewer.timezone)} />
    </Stack>
  );
};
