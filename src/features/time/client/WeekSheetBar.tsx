import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { timeMessages } from '../time.messages.ts';
import { formatMinutes } from '../time.money.ts';
import type { Week } from '../time.schemas.ts';
import type { WeekStatus } from '../timesheet.schemas.ts';
import { useSubmitWeek, useWithdrawWeek } from './timesheet.queries.ts';

const COLOURS: Record<WeekStatus, string> = { open: 'gray', submitted: 'blue', approved: 'green', returned: 'orange' };

/**
 * The week's timesheet state, with Submit (asks first) or Withdraw, and an approver's comment;
 * `children` sit at the row's other end.
 */
export const WeekSheetBar = ({ week, children }: { week: Week; children?: ReactNode }) => {
  const submit = useSubmitWeek();
  const withdraw = useWithdrawWeek();
  const [asking, setAsking] = useState(false);
  const { sheet } = week;
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <Badge color={COLOURS[sheet.status]} variant="light" size="lg" data-testid="week-status">
            {timeMessages.timeWeekStatus[sheet.status]}
          </Badge>
          {sheet.status === 'approved' && sheet.decidedByName && (
            <Text size="sm" c="dimmed">
              {timeMessages.timeWeekApprovedBy(sheet.decidedByName)}
            </Text>
          )}
          {(sheet.status === 'open' || sheet.status === 'returned') && (
            <Button size="xs" onClick={() => setAsking(true)}>
              {timeMessages.timeSubmitWeek}
            </Button>
          )}
          {sheet.status === 'submitted' && sheet.id && (
            <Button
              size="xs"
              variant="default"
              loading={withdraw.isPending}
              onClick={() => sheet.id && withdraw.mutate(sheet.id)}
            >
              {timeMessages.timeWithdrawWeek}
            </Button>
          )}
        </Group>
        {children}
      </Group>
      {sheet.status === 'returned' && (
        <Alert color="orange" title={timeMessages.timeWeekReturnedBy(sheet.decidedByName ?? '')}>
          {sheet.comment}
        </Alert>
      )}
      <ConfirmDialog
        opened={asking}
        title={timeMessages.timeSubmitWeekTitle}
        confirmLabel={timeMessages.timeSubmitWeek}
        confirmColor="blue"
        pending={submit.isPending}
        error={submit.error ? errorText(submit.error) : null}
        onClose={() => {
          setAsking(false);
          submit.reset();
        }}
        onConfirm={() => submit.mutate(week.start, { onSuccess: () => setAsking(false) })}
      >
        {timeMessages.timeSubmitWeekText(formatMinutes(week.totalMinutes))}
      </ConfirmDialog>
    </Stack>
  );
};
