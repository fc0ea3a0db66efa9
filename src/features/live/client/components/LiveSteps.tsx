import { Alert, Anchor, Box, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from '../../../../client/lib/router/index.ts';
import { SafeHtml } from '../../../../client/ui/SafeHtml.tsx';
import { SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { FRAME_ORIGINS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { TASK_TYPE } from '../../../../shared/tasks.ts';
import { useAgencyItem } from '../../../agency/client/agency.queries.ts';
import { useMeetingBoards } from '../../../boards/client/boards.queries.ts';
import { linkError } from '../../../meetings/client/meetings.links.ts';
import type { AgendaItem, Meeting } from '../../../meetings/meetings.schemas.ts';
import { todayIn } from '../../../tasks/client/tasks.format.ts';
import { liveMessages } from '../../live.messages.ts';
import type { LiveState } from '../../live.schemas.ts';
import type { LiveStepSlots } from '../live.slots.ts';
import { ActionItemsStep } from './ActionItemsStep.tsx';
import { CascadingMessagesStep } from './CascadingMessagesStep.tsx';
import { RecapStep } from './RecapStep.tsx';
import { TodoRecapStep } from './TodoRecapStep.tsx';

// What each agenda item type shows in the live meeting (document 1 §2): the meeting's own
// sections, with their real data and their live updates, so a change made here is the same
// change everywhere.

interface StepProps {
  item: AgendaItem;
  meeting: Meeting;
  state: LiveState;
  viewerId: string;
  timezone: string;
  /** The steps of other features (client/shell/LiveMeetingRoute.tsx). */
  slots: LiveStepSlots;
}

const Notice = ({ children }: { children: string }) => (
  <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
    {children}
  </Alert>
);

const BoardStep = ({ item, meeting, viewerId, timezone, slots }: StepProps) => {
  const boards = useMeetingBoards(meeting.id);
  if (boards.isPending) return <SectionLoading />;
  const board = boards.data?.find((candidate) => candidate.id === item.boardId);
  if (!board) return <Notice>{item.boardId ? liveMessages.liveBoardGone : liveMessages.liveNoBoard}</Notice>;
  return (
    <Paper withBorder radius="md" p="md">
      {slots.board({
        board,
        meetingId: meeting.id,
        userId: viewerId,
        timezone,
        today: todayIn(timezone),
        onlyListId: item.keyName === 'accountability_list' ? item.boardListId : null,
      })}
    </Paper>
  );
};

/** An agency_framework step: the framework's columns with the workspace's answers, edited live. */
const AgencyStep = ({ item, viewerId, slots }: StepProps) => {
  const framework = useAgencyItem(item.agencyItemId);
  if (!item.agencyItemId) return <Notice>{liveMessages.liveNoAgencyItem}</Notice>;
  if (framework.isError) return <Notice>{liveMessages.liveAgencyGone}</Notice>;
  if (!framework.data) return <SectionLoading />;
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={`/agency-dashboard/${framework.data.id}`} size="sm" target="_blank">
        {liveMessages.liveAgencyOpen}: {framework.data.title}
      </Anchor>
      {slots.framework({ item: framework.data, viewerId })}
    </Stack>
  );
};

const frameAllowed = (url: string) => {
  try {
    return (FRAME_ORIGINS as readonly string[]).includes(new URL(url).origin);
  } catch {
    return false;
  }
};

const ExternalUrlStep = ({ item }: StepProps) => {
  if (!item.embedUrl) return <Notice>{liveMessages.noEmbedUrl}</Notice>;
  const invalid = linkError(item.embedUrl);
  if (invalid) return <Notice>{messages.invalidUrl}</Notice>;
  // The CSP frames only these origins (decision 021): anything else opens in its own tab.
  if (!frameAllowed(item.embedUrl))
    return (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
        {liveMessages.embedNotAllowed}{' '}
        <Anchor href={item.embedUrl} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
          {item.embedUrl}
        </Anchor>
      </Alert>
    );
  return (
    <Box
      component="iframe"
      src={item.embedUrl}
      title={item.title}
      // The embedded page runs in its own origin, without access to this one.
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      referrerPolicy="no-referrer"
      style={{ width: '100%', height: '65vh', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
    />
  );
};

const FreeActivityStep = ({ item }: StepProps) =>
  item.description ? (
    <Paper withBorder radius="md" p="lg">
      <SafeHtml html={item.description} data-testid="step-description" />
    </Paper>
  ) : (
    <Notice>{liveMessages.liveNoDescription}</Notice>
  );

/**
 * Any other step shows its agenda item's description (rich text) above what it shows. Memoised:
 * the live screen renders each second for its clocks, and the step (a list of rows, a board, a
 * scorecard) need not render with it when nothing it shows changed.
 */
export const LiveStep = memo((props: StepProps) =>
  props.item.description && props.item.keyName !== 'free_activity' ? (
    <Stack gap="sm">
      <SafeHtml html={props.item.description} c="dimmed" fz="sm" data-testid="step-description" />
      <StepBody {...props} />
    </Stack>
  ) : (
    <StepBody {...props} />
  ),
);

const StepBody = (props: StepProps) => {
  const { item, meeting, timezone, viewerId, slots } = props;
  switch (item.keyName) {
    case 'to_do_list':
      // The Issues step: what Cadence proposes comes first, then the list.
      return item.taskType === TASK_TYPE.issue ? (
        <Stack gap="md">
          {slots.proposals({ meetingId: meeting.id })}
          <ActionItemsStep {...props} />
        </Stack>
      ) : (
        <ActionItemsStep {...props} />
      );
    case 'scorecard':
      return slots.scorecard({ meetingId: meeting.id, timezone, viewerId });
    case 'rock_review':
      return slots.goals({ meeting, timezone });
    case 'accountability_board':
    case 'accountability_list':
      return <BoardStep {...props} />;
    case 'external_url':
      return <ExternalUrlStep {...props} />;
    case 'conclusion':
      return <RecapStep state={props.state} viewerId={viewerId} />;
    // The conclude (decision 081): the new to-dos read back, and the messages to cascade
    case 'todo_recap':
      return <TodoRecapStep sessionId={props.state.session.id} />;
    case 'cascading_messages':
      return <CascadingMessagesStep sessionId={props.state.session.id} canManage={props.state.canManage} />;
    // Agency tools: the framework, filled in together
    case 'agency_framework':
      return <AgencyStep {...props} />;
    default:
      return <FreeActivityStep {...props} />;
  }
};

export const StepHeading = ({ item, index, total }: { item: AgendaItem; index: number; total: number }) => (
  <Stack gap={0}>
    <Text size="xs" tt="uppercase" fw={700} c="dimmed">
      {liveMessages.liveStepOf(index + 1, total)}
    </Text>
    <Text component="h2" fz="h3" fw={700} m={0}>
      {item.title}
    </Text>
  </Stack>
);
