import { Box, Group, Paper, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { meetingsMessages } from '../../meetings.messages.ts';
import type { MeetingTemplate } from '../../meetings.schemas.ts';
import { totalMinutes } from '../meetings.format.ts';

// What the new-meeting wizard shows of its choices: a template's agenda and the summary's rows.

/** A template's agenda: numbered items with their minutes, and the total. */
export const AgendaPreview = ({ template }: { template: MeetingTemplate }) => (
  <Paper withBorder radius="md" p="sm">
    <Group justify="space-between" mb={6}>
      <Text size="sm" fw={600}>
        {messages.agendaLabel}
      </Text>
      <Text size="xs" c="dimmed">
        {meetingsMessages.totalMinutes(totalMinutes(template.agendaItems))}
      </Text>
    </Group>
    {/* Two columns read top to bottom, like the numbered list they are. */}
    <Box component="ol" m={0} p={0} style={{ columnCount: 2, columnGap: 'var(--mantine-spacing-md)' }}>
      {template.agendaItems.map((item, index) => (
        // Templates are fixed product data: the position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: items have no id and may share titles
        <Text component="li" key={index} size="sm" style={{ listStyle: 'none', breakInside: 'avoid' }} truncate>
          <Text span c="dimmed" size="xs">
            {index + 1}.
          </Text>{' '}
          {item.title}{' '}
          <Text span c="dimmed" size="xs">
            · {messages.minutesShort(item.duration)}
          </Text>
        </Text>
      ))}
    </Box>
  </Paper>
);

/** One line of the confirm step's summary. */
export const SummaryRow = ({ label, children }: { label: string; children: ReactNode }) => (
  <Table.Tr>
    <Table.Th w={170} fw={600} style={{ verticalAlign: 'top' }}>
      {label}
    </Table.Th>
    <Table.Td>{children}</Table.Td>
  </Table.Tr>
);
