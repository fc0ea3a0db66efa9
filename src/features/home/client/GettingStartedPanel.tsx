import { Button, Card, CloseButton, Group, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link } from '../../../client/lib/router/index.ts';
import { SectionError } from '../../../client/ui/SectionState.tsx';
import { homeMessages } from '../home.messages.ts';
import type { GettingStartedStepKey } from '../home.schemas.ts';
import { useDismissGettingStarted, useGettingStarted } from './gettingStarted.queries.ts';

export interface GettingStartedPanelProps {
  /** Opens the new-meeting wizard (the page that shows the panel owns it). */
  onCreateMeeting: () => void;
  /** A meeting the person may open, for the scorecard step's link; null: the meetings list instead. */
  scorecardMeetingId: string | null;
}

interface StepView {
  title: string;
  text: string;
  actions: (props: GettingStartedPanelProps, done: boolean) => ReactNode;
}

const variantOf = (done: boolean) => (done ? 'default' : 'light');

/** How each step the server names is shown; a new step (importing data) is one more entry. */
const STEPS: Record<GettingStartedStepKey, StepView> = {
  meeting: {
    title: homeMessages.stepMeetingTitle,
    text: homeMessages.stepMeetingText,
    actions: ({ onCreateMeeting }, done) => (
      <Button size="xs" variant={variantOf(done)} onClick={onCreateMeeting}>
        {homeMessages.stepMeetingAction}
      </Button>
    ),
  },
  team: {
    title: homeMessages.stepTeamTitle,
    text: homeMessages.stepTeamText,
    actions: (_props, done) => (
      <>
        <Button size="xs" variant={variantOf(done)} component={Link} to="/directory">
          {homeMessages.stepTeamDirectory}
        </Button>
        <Button size="xs" variant={variantOf(done)} component={Link} to="/workspaces">
          {homeMessages.stepTeamInvite}
        </Button>
      </>
    ),
  },
  scorecard: {
    title: homeMessages.stepScorecardTitle,
    text: homeMessages.stepScorecardText,
    actions: ({ scorecardMeetingId }, done) => (
      <Button
        size="xs"
        variant={variantOf(done)}
        component={Link}
        to={scorecardMeetingId ? `/kpi/${scorecardMeetingId}` : '/meetings'}
      >
        {scorecardMeetingId ? homeMessages.stepScorecardAction : homeMessages.stepScorecardNoMeeting}
      </Button>
    ),
  },
};

/**
 * Home's getting-started panel for a new workspace: each step ticked from the workspace's data
 * (server side), until the person closes it (kept per person and workspace).
 */
export const GettingStartedPanel = (props: GettingStartedPanelProps) => {
  const titleId = useId();
  const state = useGettingStarted();
  const dismiss = useDismissGettingStarted();

  if (state.isPending) return null;
  if (state.isError) {
    return (
      <SectionError
        title={homeMessages.gettingStartedLoadFailed}
        error={state.error}
        onRetry={() => state.refetch()}
        retrying={state.isFetching}
      />
    );
  }
  if (state.data.dismissed) return null;
  const allDone = state.data.steps.every((step) => step.done);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId} data-testid="getting-started">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Title order={2} size="h4" id={titleId}>
          {homeMessages.gettingStartedTitle}
        </Title>
        <CloseButton
          aria-label={homeMessages.gettingStartedDismiss}
          onClick={() => dismiss.mutate()}
          disabled={dismiss.isPending}
        />
      </Group>
      <Text size="sm" c="dimmed" mb="md" role={allDone ? 'status' : undefined}>
        {allDone ? homeMessages.gettingStartedAllDone : homeMessages.gettingStartedIntro}
      </Text>
      <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {state.data.steps.map(({ key, done }) => {
          const view = STEPS[key];
          return (
            <Group component="li" key={key} data-step={key} data-done={done} gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon color={done ? 'teal' : 'gray'} variant="transparent" size={24} aria-hidden>
                {done ? <IconCircleCheckFilled size={22} /> : <IconCircleDashed size={22} />}
              </ThemeIcon>
              <Stack gap={4} flex={1} miw={0}>
                <Text fw={600} size="sm">
                  {view.title}
                  <VisuallyHidden>
                    {' '}
                    ({done ? homeMessages.gettingStartedDone : homeMessages.gettingStartedToDo})
                  </VisuallyHidden>
                </Text>
                <Text size="sm" c="dimmed">
                  {view.text}
                </Text>
                <Group gap="xs" mt={4}>
                  {view.actions(props, done)}
                </Group>
              </Stack>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
};
