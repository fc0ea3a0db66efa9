import { ActionIcon, Badge, Card, Group, List, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SafeHtml } from '../../../client/ui/SafeHtml.tsx';
import { visionMessages } from '../vision.messages.ts';
import type { Section } from '../vision.schemas.ts';

/** A section of the board: its title and its text, or its live items (read when shown). */
export const SectionCard = ({
  section,
  onEdit,
  onDelete,
  extra,
}: {
  section: Section;
  onEdit: () => void;
  onDelete: () => void;
  /** What another feature shows under the section (the shell fills it in: vision.slots.ts). */
  extra?: ReactNode;
}) => (
  <Card withBorder radius="md" padding="md" className="vision-section" component="section" aria-label={section.title}>
    <Group justify="space-between" wrap="nowrap" align="flex-start" mb="xs">
      <Title order={2} size="h4">
        {section.title}
      </Title>
      <Group gap={4} wrap="nowrap" className="cadence-no-print">
        <Tooltip label={visionMessages.editSection(section.title)}>
          <ActionIcon variant="subtle" aria-label={visionMessages.editSection(section.title)} onClick={onEdit}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={visionMessages.deleteSection}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`${visionMessages.deleteSection}: ${section.title}`}
            onClick={onDelete}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
    {section.items ? (
      <>
        {section.items.length === 0 ? (
          <Text size="sm" c="gray.7" fs="italic">
            {section.kind === 'quarterlyGoals' ? visionMessages.sectionNoGoals : visionMessages.sectionNoIssues}
          </Text>
        ) : (
          <List size="sm" spacing={4}>
            {section.items.map((item) => (
              <List.Item key={item.id}>
                <Text span size="sm" fw={500}>
                  {item.title}
                </Text>{' '}
                <Badge size="xs" variant="light" color="gray">
                  {item.statusName}
                </Badge>
                <Text span size="xs" c="gray.7">
                  {' '}
                  {[item.owner, item.dueDate].filter(Boolean).join(' · ')}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
        <Text size="xs" c="gray.7" mt="xs" className="cadence-no-print">
          {visionMessages.liveSectionHint}
        </Text>
      </>
    ) : (
      <SafeHtml html={section.description} />
    )}
    {extra}
  </Card>
);
