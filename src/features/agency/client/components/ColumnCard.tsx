import { ActionIcon, Badge, Card, Group, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconArrowsMaximize } from '@tabler/icons-react';
import { Link } from '../../../../client/lib/router/index.ts';
import { SafeHtml } from '../../../../client/ui/SafeHtml.tsx';
import { agencyMessages } from '../../agency.messages.ts';
import type { AgencyColumn } from '../../agency.schemas.ts';
import { AgencyIconView } from '../agency.icons.tsx';
import type { ContentActions } from './ContentMenu.tsx';
import { ContentMenu } from './ContentMenu.tsx';
import { QuestionBlock } from './QuestionBlock.tsx';

/**
 * A column in the vision-board style: its colour, image, title and subtitle, its guidance, then
 * its questions. A 'noneditable' column has no answer to edit; admins manage their own columns
 * and hide any from the menu.
 */
export const ColumnCard = ({
  column,
  parentTitle,
  viewerId,
  actions,
  single = false,
}: {
  column: AgencyColumn;
  parentTitle: string | null;
  viewerId: string | null;
  actions: ContentActions | null;
  single?: boolean;
}) => {
  const readOnly = column.columnType === 'noneditable';
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-label={column.title}
      className="agency-column"
      style={{ borderTop: `4px solid var(--mantine-color-${column.color}-6)` }}
      data-hidden={column.hidden || undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb="xs" gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
          <ThemeIcon variant="light" color={column.color} radius="md" size="lg">
            <AgencyIconView name={column.image} />
          </ThemeIcon>
          <Stack gap={0} miw={0}>
            <Title order={single ? 2 : 3} size="h4">
              {column.title}
            </Title>
            {column.subtitle && (
              <Text size="sm" c="gray.7">
                {column.subtitle}
              </Text>
            )}
            {parentTitle && (
              <Text size="xs" c="gray.7">
                {agencyMessages.agencyFollows(parentTitle)}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap" className="cadence-no-print">
          {column.hidden && (
            <Badge size="xs" color="gray" variant="outline">
              {agencyMessages.agencyHiddenBadge}
            </Badge>
          )}
          {!single && (
            <Tooltip label={agencyMessages.agencyOpenColumn(column.title)}>
              <ActionIcon
                variant="subtle"
                component={Link}
                to={`/agency-single/${column.id}`}
                aria-label={agencyMessages.agencyOpenColumn(column.title)}
              >
                <IconArrowsMaximize size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {actions && <ContentMenu kind="columns" row={column} title={column.title} actions={actions} />}
        </Group>
      </Group>
      {column.description && <SafeHtml html={column.description} fz="sm" mb="xs" />}
      <Stack gap="md">
        {column.questions.map((question) => (
          <Group key={question.id} wrap="nowrap" align="flex-start" gap={4}>
            <div style={{ flex: 1, minWidth: 0 }}>
              <QuestionBlock itemId={column.itemId} question={question} readOnly={readOnly} viewerId={viewerId} />
            </div>
            {actions && (
              <ContentMenu kind="questions" row={question} title={question.question} actions={actions} small />
            )}
          </Group>
        ))}
        {column.questions.length === 0 && (
          <Text size="sm" c="gray.7" fs="italic">
            {readOnly ? agencyMessages.agencyReadOnly : agencyMessages.agencyNoQuestions}
          </Text>
        )}
      </Stack>
    </Card>
  );
};
