import { Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
import { dayjs } from '../../../../client/lib/dayjs.ts';
import { SectionCard } from '../../../../client/ui/SectionCard.tsx';
import { statusName } from '../../../../shared/tasks.ts';
import { DATE_FORMAT } from '../../../meetings/client/meetings.format.ts';
import { statusColour } from '../../../tasks/client/tasks.format.ts';
import { liveMessages } from '../../live.messages.ts';
import type { ArchivedGoal, MeetingArchive } from '../../live.schemas.ts';

// The goals a held session reviewed, read-only, as the archive keeps them: status, owner, due
// date and "2 of 3 milestones", then each milestone with its done mark, owner and date. A date is
// overdue against the meeting's date: the archive tells the meeting as it was.

const format = (date: string) => dayjs(date).format(DATE_FORMAT);

const MilestoneLine = ({
  milestone,
  meetingDate,
}: {
  milestone: ArchivedGoal['milestones'][number];
  meetingDate: string;
}) => {
  const late = !milestone.done && milestone.dueDate !== null && milestone.dueDate < meetingDate;
  const details = [
    milestone.ownerName,
    milestone.dueDate && (late ? liveMessages.archiveOverdue(format(milestone.dueDate)) : format(milestone.dueDate)),
  ].filter(Boolean);
  return (
    <Group component="li" gap={6} wrap="nowrap" align="flex-start" data-testid="archived-milestone">
      {milestone.done ? (
        <IconCircleCheckFilled
          size={16}
          color="var(--mantine-color-teal-7)"
          aria-hidden
          style={{ flexShrink: 0, marginTop: 2 }}
        />
      ) : (
        <IconCircle size={16} color="var(--mantine-color-gray-6)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      )}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <VisuallyHidden>
            {milestone.done ? liveMessages.archiveMilestoneDone : liveMessages.archiveMilestoneOpen}:{' '}
          </VisuallyHidden>
          {milestone.title}
        </Text>
        {details.length > 0 && (
          <Text size="xs" c={late ? 'red.8' : 'dimmed'}>
            {details.join(' · ')}
          </Text>
        )}
      </Stack>
    </Group>
  );
};

const GoalBlock = ({ goal, meetingDate }: { goal: ArchivedGoal; meetingDate: string }) => {
  const done = goal.milestones.filter((m) => m.done).length;
  return (
    <Stack gap={6} component="li" data-testid="archived-goal">
      <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {goal.title}
          </Text>
          <Text size="xs" c="dimmed">
            {[goal.fullName, goal.dueDate && liveMessages.archiveGoalDue(format(goal.dueDate))]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <Badge size="sm" variant="light" color={statusColour('1', goal.status)} style={{ flexShrink: 0 }}>
          {statusName('1', goal.status)}
        </Badge>
      </Group>
      {goal.milestones.length > 0 && (
        <Stack gap={4} pl="sm">
          <Text size="xs" fw={700} c="dimmed" data-testid="archived-milestones-count">
            {liveMessages.archiveMilestonesOf(done, goal.milestones.length)}
          </Text>
          <Stack
            gap={4}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={liveMessages.archiveMilestonesOfGoal(goal.title)}
          >
            {goal.milestones.map((milestone, index) => (
              // A written-once snapshot keeps no milestone ids: the order is theirs and never changes.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <MilestoneLine key={index} milestone={milestone} meetingDate={meetingDate} />
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
};

/** Archives written before goals were kept show no section. */
export const ArchivedGoals = ({ archive }: { archive: MeetingArchive }) =>
  archive.goals && (
    <SectionCard title={liveMessages.archiveGoals}>
      {archive.goals.length === 0 ? (
        <Text size="sm" c="dimmed">
          {liveMessages.archiveGoalsNone}
        </Text>
      ) : (
        <Stack gap="md">
          <Stack
            gap="md"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={liveMessages.archiveGoals}
          >
            {archive.goals.map((goal) => (
              <GoalBlock key={goal.id} goal={goal} meetingDate={archive.meetingDate} />
            ))}
          </Stack>
          {archive.goalsTotal > archive.goals.length && (
            <Text size="sm" c="dimmed">
              {liveMessages.archiveGoalsMore(archive.goalsTotal - archive.goals.length)}
            </Text>
          )}
        </Stack>
      )}
    </SectionCard>
  );
