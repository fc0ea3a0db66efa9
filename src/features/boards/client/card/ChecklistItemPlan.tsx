import { ActionIcon, Button, Group, Popover, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { isRealIsoDate } from '../../../../shared/dates.ts';
import { fullName, type PersonSummary } from '../../../../shared/person.ts';
import type { ChecklistItem } from '../../../tasks/tasks.schemas.ts';
import { boardsMessages } from '../../boards.messages.ts';

/**
 * A checklist item's owner and due date: shown beside the item; for those who may edit the card, a
 * button opens a small form (Escape closes it, nothing saved). The owner then finds the item among
 * their action items.
 */
export const ChecklistItemPlan = ({
  item,
  people,
  canEdit,
  onSave,
}: {
  item: ChecklistItem;
  people: PersonSummary[];
  canEdit: boolean;
  onSave: (plan: { ownerId: string | null; dueDate: string | null }, done: () => void) => void;
}) => {
  const [open, setOpen] = useState(false);
  const [ownerId, setOwnerId] = useState<string | null>(item.ownerId);
  const [dueDate, setDueDate] = useState(item.dueDate ?? '');
  const owner = people.find((p) => p.id === item.ownerId);
  const dateValid = dueDate === '' || isRealIsoDate(dueDate);
  const summary = [owner ? fullName(owner) : null, item.dueDate ? boardsMessages.checklistItemDue(item.dueDate) : null]
    .filter(Boolean)
    .join(' · ');
  const choices = people
    .filter((p) => !p.deleted || p.id === item.ownerId)
    .map((p) => ({ value: p.id, label: fullName(p) }));
  return (
    <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
      {summary && (
        <Text size="xs" c="dimmed" data-testid="checklist-item-plan" maw={160} truncate="end">
          {summary}
        </Text>
      )}
      {canEdit && (
        <Popover
          opened={open}
          onChange={setOpen}
          position="bottom-end"
          withArrow
          trapFocus
          returnFocus
          onOpen={() => {
            setOwnerId(item.ownerId);
            setDueDate(item.dueDate ?? '');
          }}
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="xs"
              aria-label={boardsMessages.checklistItemPlanNamed(item.title)}
              onClick={() => setOpen((o) => !o)}
            >
              <IconUserCheck size={12} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack
              gap="xs"
              component="form"
              aria-label={boardsMessages.checklistItemPlanNamed(item.title)}
              onSubmit={(event) => {
                event.preventDefault();
                if (!dateValid) return;
                onSave({ ownerId, dueDate: dueDate || null }, () => setOpen(false));
              }}
            >
              <Select
                size="xs"
                w={220}
                label={boardsMessages.checklistItemOwner}
                placeholder={boardsMessages.checklistItemNobody}
                data={choices}
                value={ownerId}
                onChange={setOwnerId}
                clearable
                comboboxProps={{ withinPortal: false }}
              />
              <TextInput
                size="xs"
                type="date"
                label={boardsMessages.checklistItemDueLabel}
                value={dueDate}
                onChange={(event) => setDueDate(event.currentTarget.value)}
                error={dateValid ? undefined : boardsMessages.checklistItemDueInvalid}
              />
              <Group justify="flex-end" gap="xs">
                <Button size="xs" variant="default" onClick={() => setOpen(false)}>
                  {boardsMessages.checklistItemCancel}
                </Button>
                <Button size="xs" type="submit" disabled={!dateValid}>
                  {boardsMessages.checklistItemSave}
                </Button>
              </Group>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
};
