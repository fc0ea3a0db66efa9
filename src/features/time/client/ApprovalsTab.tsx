import { Badge, Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../../client/ui/FormError.tsx';
import { PageNav } from '../../../client/ui/PageNav.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { Segmented } from '../../../client/ui/Segmented.tsx';
import { TIME_PAGE } from '../../../shared/constants.ts';
import { addDays } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import { timeMessages } from '../time.messages.ts';
import { formatMinutes } from '../time.money.ts';
import { APPROVAL_FILTERS, type Approval } from '../timesheet.schemas.ts';
import { useApprovals, useApproveWeek, useReturnWeek } from './timesheet.queries.ts';
import { shortDate } from './week.ts';

// Approvals (decision 090): the weeks submitted by the people whose time the caller approves,
// oldest first, with Approve and Return (a comment, asked in a dialog).

const weekText = (start: string) => timeMessages.timeWeekOf(shortDate(start), shortDate(addDays(start, 6)));

/** Asks why the week goes back; the comment is required. */
const ReturnDialog = ({ week, onClose }: { week: Approval; onClose: () => void }) => {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useReturnWeek();
  return (
    <Modal opened onClose={onClose} title={timeMessages.timeReturnTitle(week.name)} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!comment.trim()) return setError(timeMessages.timeReturnComment);
          send.mutate({ id: week.id, comment }, { onSuccess: onClose, onError: (e) => setError(errorText(e)) });
        }}
      >
        <Stack>
          <Text size="sm">{weekText(week.weekStart)}</Text>
          <Textarea
            label={timeMessages.timeReturnComment}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            error={error}
            autosize
            minRows={3}
            maxLength={1000}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {messages.cancelButton}
            </Button>
            <Button type="submit" color="orange" loading={send.isPending}>
              {timeMessages.timeReturn}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

const WeekCard = ({ week, onReturn }: { week: Approval; onReturn: () => void }) => {
  const approve = useApproveWeek();
  const label = weekText(week.weekStart);
  return (
    <Paper withBorder p="sm" component="article" aria-label={`${week.name}, ${label}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={600}>{week.name}</Text>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
          </Stack>
          <Group gap="xs">
            <Text ff="monospace" fw={600}>
              {formatMinutes(week.minutes)}
            </Text>
            <Text size="sm" c="dimmed">
              {timeMessages.timeBillableHours} {formatMinutes(week.billableMinutes)}
            </Text>
            <Badge variant="light">{timeMessages.timeWeekStatus[week.status]}</Badge>
          </Group>
        </Group>
        {week.projects.map((p) => (
          <Group key={p.projectId} justify="space-between" wrap="nowrap" gap="xs" pl="md">
            <Text size="sm" truncate>
              {p.name}
            </Text>
            <Text size="sm" ff="monospace">
              {formatMinutes(p.minutes)}
            </Text>
          </Group>
        ))}
        {week.status === 'approved' && week.decidedByName && (
          <Text size="sm" c="dimmed">
            {timeMessages.timeWeekApprovedBy(week.decidedByName)}
          </Text>
        )}
        {week.comment && (
          <Text size="sm" c="dimmed">
            {timeMessages.timeWeekReturnedBy(week.decidedByName ?? '')}: {week.comment}
          </Text>
        )}
        {week.canDecide && (
          <Group justify="flex-end" gap="xs">
            {week.status === 'submitted' && (
              <Button
                size="xs"
                color="green"
                loading={approve.isPending}
                aria-label={timeMessages.timeApproveWeekOf(week.name, label)}
                onClick={() => approve.mutate(week.id)}
              >
                {timeMessages.timeApprove}
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              aria-label={timeMessages.timeReturnWeekOf(week.name, label)}
              onClick={onReturn}
            >
              {timeMessages.timeReturn}
            </Button>
          </Group>
        )}
        {approve.error && (
          <Text size="sm" c="red" role="alert">
            {errorText(approve.error)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
};

export const ApprovalsTab = () => {
  const [status, setStatus] = useState<(typeof APPROVAL_FILTERS)[number]>('submitted');
  const [page, setPage] = useState(0);
  const [returning, setReturning] = useState<Approval | null>(null);
  const list = useApprovals(status, page);
  const totalPages = Math.ceil((list.data?.total ?? 0) / TIME_PAGE.default);
  return (
    <Stack gap="md">
      <Segmented
        aria-label={timeMessages.timeApprovalsFilter}
        value={status}
        onChange={(value) => {
          setStatus(value as typeof status);
          setPage(0);
        }}
        data={APPROVAL_FILTERS.map((value) => ({ value, label: timeMessages.timeApprovalsFilters[value] }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {list.isPending ? (
        <SectionLoading />
      ) : list.isError ? (
        <SectionError title={timeMessages.timeLoadFailed} error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">{timeMessages.timeNoApprovals}</Text>
      ) : (
        list.data.items.map((week) => <WeekCard key={week.id} week={week} onReturn={() => setReturning(week)} />)
      )}
      {totalPages > 1 && (
        <PageNav
          page={page + 1}
          totalPages={totalPages}
          onChange={(n) => setPage(n - 1)}
          label={timeMessages.timeTabApprovals}
        />
      )}
      {returning && <ReturnDialog week={returning} onClose={() => setReturning(null)} />}
    </Stack>
  );
};
