import { Anchor, Badge, Button, Group, Menu, Pagination, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconClockPause, IconRefresh, IconRestore, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '../../../client/lib/router/index.ts';
import { errorText, FormError } from '../../../client/ui/FormError.tsx';
import { SectionCard } from '../../../client/ui/SectionCard.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { Segmented } from '../../../client/ui/Segmented.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { PROPOSALS_PAGE } from '../proposals.kinds.ts';
import { proposalsMessages as m } from '../proposals.messages.ts';
import type { Proposal } from '../proposals.schemas.ts';
import { type ProposalView, useProposalAction, useProposals, useRefreshProposals } from './proposals.queries.ts';

// The "Proposed issues" panel (decision 123), on the live Issues step and the meeting dashboard:
// each proposal marked "Proposed" with its origin, evidence and age. Leaders accept, dismiss or
// snooze; what they dismiss or snooze stays one click away under "Dismissed and snoozed".

/** A week from today, as the snooze menu offers it. */
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

const ProposalCard = ({
  proposal,
  canManage,
  busy,
  act,
}: {
  proposal: Proposal;
  canManage: boolean;
  busy: boolean;
  act: (action: Parameters<ReturnType<typeof useProposalAction>['mutate']>[0], done: string) => void;
}) => {
  const { origin } = proposal;
  const hidden = proposal.status !== 'open';
  return (
    <Paper withBorder radius="md" p="sm" data-testid="proposal" aria-label={origin.title}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="grape">
            {m.badge}
          </Badge>
          <Text size="sm" fw={600}>
            {m.ruleNames[proposal.rule]}
          </Text>
          {proposal.status === 'dismissed' && (
            <Badge variant="outline" color="gray">
              {m.dismissedBadge}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {m.origin}{' '}
          <Anchor component={Link} to={origin.link} fw={600}>
            {origin.title}
          </Anchor>
        </Text>
        <Text size="sm" data-testid="proposal-evidence" style={{ overflowWrap: 'anywhere' }}>
          {m.evidence(proposal.evidence)}
        </Text>
        <Text size="xs" c="dimmed">
          {proposal.status === 'snoozed' && proposal.snoozedUntil
            ? m.snoozedUntil(new Date(proposal.snoozedUntil).toLocaleString())
            : m.age(proposal.ageDays)}
        </Text>
        {canManage && (
          <Group gap="xs" wrap="wrap">
            <Button
              size="compact-sm"
              leftSection={<IconCheck size={14} />}
              disabled={busy}
              aria-label={m.acceptLabel(origin.title)}
              onClick={() => act({ id: proposal.id, kind: 'accept' }, m.accepted)}
            >
              {m.accept}
            </Button>
            {hidden ? (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconRestore size={14} />}
                disabled={busy}
                aria-label={m.restoreLabel(origin.title)}
                onClick={() => act({ id: proposal.id, kind: 'restore' }, m.restored)}
              >
                {m.restore}
              </Button>
            ) : (
              <>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconX size={14} />}
                  disabled={busy}
                  aria-label={m.dismissLabel(origin.title)}
                  onClick={() => act({ id: proposal.id, kind: 'dismiss' }, m.dismissed)}
                >
                  {m.dismiss}
                </Button>
                <Menu position="bottom-start" withinPortal>
                  <Menu.Target>
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconClockPause size={14} />}
                      disabled={busy}
                      aria-label={m.snoozeLabel(origin.title)}
                    >
                      {m.snooze}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => act({ id: proposal.id, kind: 'snooze', until: null }, m.snoozed)}>
                      {m.snoozeNext}
                    </Menu.Item>
                    <Menu.Item onClick={() => act({ id: proposal.id, kind: 'snooze', until: inAWeek() }, m.snoozed)}>
                      {m.snoozeWeek}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
};

export const ProposedPanel = ({ meetingId }: { meetingId: string }) => {
  const [view, setView] = useState<ProposalView>('open');
  const [offset, setOffset] = useState(0);
  const list = useProposals(meetingId, view, offset);
  const action = useProposalAction(meetingId);
  const refresh = useRefreshProposals(meetingId);
  const page = list.data;
  const act: Parameters<typeof ProposalCard>[0]['act'] = (input, done) =>
    action.mutate(input, { onSuccess: () => showSuccess(done) });
  return (
    <SectionCard
      title={m.title}
      level={3}
      actions={
        page?.canManage && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconRefresh size={14} />}
            loading={refresh.isPending}
            onClick={() => refresh.mutate(undefined, { onSuccess: (r) => showSuccess(m.refreshed(r.open)) })}
          >
            {m.refresh}
          </Button>
        )
      }
    >
      <Stack gap="sm" data-testid="proposed-panel">
        <Text size="sm" c="dimmed">
          {page && !page.canManage ? `${m.intro} ${m.membersReadOnly}` : m.intro}
        </Text>
        <Segmented
          size="xs"
          value={view}
          onChange={(value) => {
            setView(value as ProposalView);
            setOffset(0);
          }}
          data={[
            { value: 'open', label: m.showOpen },
            { value: 'hidden', label: m.showDecided },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <FormError message={action.isError ? `${m.actionFailed}: ${errorText(action.error)}` : null} />
        <FormError message={refresh.isError ? `${m.actionFailed}: ${errorText(refresh.error)}` : null} />
        {list.isPending ? (
          <SectionLoading />
        ) : !page ? (
          <SectionError
            title={m.loadFailed}
            error={list.error}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : page.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {view === 'open' ? m.empty : m.emptyDismissed}
          </Text>
        ) : (
          <>
            {page.items.map((proposal) => (
              <ProposalCard
                key={proposal.id}
                proposal={proposal}
                canManage={page.canManage}
                busy={action.isPending}
                act={act}
              />
            ))}
            {page.total > PROPOSALS_PAGE.size && (
              <Pagination
                size="sm"
                total={Math.ceil(page.total / PROPOSALS_PAGE.size)}
                value={Math.floor(offset / PROPOSALS_PAGE.size) + 1}
                onChange={(n) => setOffset((n - 1) * PROPOSALS_PAGE.size)}
              />
            )}
          </>
        )}
      </Stack>
    </SectionCard>
  );
};
