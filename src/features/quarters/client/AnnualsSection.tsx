import { ActionIcon, Badge, Button, Card, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageNav } from '../../../client/ui/PageNav.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { messages } from '../../../shared/messages.ts';
import { quartersMessages } from '../quarters.messages.ts';
import { periodState } from '../quarters.rules.ts';
import type { Annual } from '../quarters.schemas.ts';
import { DeleteYearButton } from './DeleteYearButton.tsx';
import { todayLocal, yearDatesOf } from './quarters.format.ts';
import { QUARTERS_PAGE_SIZE, useAnnualChoices, useAnnuals } from './quarters.queries.ts';
import { YearDialog, type YearDialogTarget } from './YearDialog.tsx';

// document 3 §4: a period starting in the future is red, the current one yellow, past ones grey.
const STATE_COLOUR = { future: 'red', current: 'yellow', past: 'gray' } as const;
const STATE_LABEL = {
  future: quartersMessages.periodFuture,
  current: quartersMessages.periodCurrent,
  past: quartersMessages.periodPast,
};

const AnnualRow = ({ annual, onEdit }: { annual: Annual; onEdit: () => void }) => {
  const today = todayLocal();
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`annual-${annual.year}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text fw={600}>
            {annual.year} ·{' '}
            {annual.isCalendarYear === '1' ? quartersMessages.annualCalendarYear : quartersMessages.annualFiscalYear}
          </Text>
          <Group gap={6}>
            {annual.quarters.map((quarter) => {
              const state = periodState(quarter, today);
              return (
                <Badge
                  key={quarter.id}
                  color={STATE_COLOUR[state]}
                  variant="light"
                  radius="sm"
                  title={STATE_LABEL[state]}
                  aria-label={`P${quarter.number} ${quarter.startDate} – ${quarter.endDate} (${STATE_LABEL[state]})`}
                  style={{ textTransform: 'none' }}
                >
                  P{quarter.number} {quarter.startDate} – {quarter.endDate}
                </Badge>
              );
            })}
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={quartersMessages.editAnnual(annual.year)}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={quartersMessages.editAnnual(annual.year)}
              onClick={onEdit}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <DeleteYearButton
            id={annual.id}
            title={quartersMessages.deleteAnnualTitle(annual.year)}
            done={quartersMessages.annualDeleted}
          />
        </Group>
      </Group>
    </Paper>
  );
};

/** Annuals & Periods (admins): the years with their coloured periods; Add is hidden when the next three exist. */
export const AnnualsSection = () => {
  const [page, setPage] = useState(0);
  const annuals = useAnnuals(page);
  const choices = useAnnualChoices();
  const [target, setTarget] = useState<YearDialogTarget | null>(null);
  const years = choices.data?.years ?? [];
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div style={{ flex: '1 1 240px' }}>
            <Title order={2} size="h4">
              {quartersMessages.annualsTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {quartersMessages.annualsIntro}
            </Text>
          </div>
          {years.length > 0 && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setTarget({ kind: 'annual', id: null, dates: null, choices: years })}
            >
              {quartersMessages.addAnnual}
            </Button>
          )}
        </Group>
        {annuals.isPending ? (
          <SectionLoading />
        ) : annuals.isError ? (
          <SectionError
            title={messages.somethingWentWrong}
            error={annuals.error}
            onRetry={() => void annuals.refetch()}
            retrying={annuals.isFetching}
          />
        ) : annuals.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {quartersMessages.annualsEmpty}
          </Text>
        ) : (
          annuals.data.items.map((annual) => (
            <AnnualRow
              key={annual.id}
              annual={annual}
              onEdit={() => setTarget({ kind: 'annual', id: annual.id, dates: yearDatesOf(annual), choices: [] })}
            />
          ))
        )}
        {annuals.data && annuals.data.total > QUARTERS_PAGE_SIZE && (
          <PageNav
            page={page}
            totalPages={Math.ceil(annuals.data.total / QUARTERS_PAGE_SIZE)}
            onChange={setPage}
            label={quartersMessages.annualsTitle}
          />
        )}
      </Stack>
      <YearDialog target={target} onClose={() => setTarget(null)} />
    </Card>
  );
};
