import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { Box, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconGripVertical, IconPencil } from '@tabler/icons-react';
import { PersonLine } from '../../../../client/ui/PersonAvatar.tsx';
import { SectionCard } from '../../../../client/ui/SectionCard.tsx';
import { messages } from '../../../../shared/messages.ts';
import { fullName, type PersonSummary } from '../../../../shared/person.ts';
import { meetingsMessages } from '../../meetings.messages.ts';
import type { Meeting } from '../../meetings.schemas.ts';
import { isIgnoredDrop, reorder } from '../meetings.format.ts';
import { useUpdateMeeting } from '../meetings.mutations.ts';

// Meeting Members: Admins (leaders) and Members. Leaders reorder each list by dragging (or
// with the keyboard) and open the meeting form.

type Role = 'administrators' | 'members';

const PeopleList = ({
  list,
  label,
  people,
  canReorder,
}: {
  list: Role;
  label: string;
  people: PersonSummary[];
  canReorder: boolean;
}) => (
  <Stack gap={6}>
    <Text fw={600} size="sm" component="h3" m={0}>
      {label}{' '}
      <Text span c="dimmed" size="sm" fw={400}>
        ({people.length})
      </Text>
    </Text>
    {people.length === 0 ? (
      <Text size="sm" c="dimmed">
        {meetingsMessages.noneChosen}
      </Text>
    ) : (
      <Droppable droppableId={list} isDropDisabled={!canReorder}>
        {(provided) => (
          <Stack
            gap={4}
            ref={provided.innerRef}
            {...provided.droppableProps}
            component="ul"
            m={0}
            p={0}
            aria-label={label}
          >
            {people.map((person, index) => (
              <Draggable
                key={person.id}
                draggableId={`${list}:${person.id}`}
                index={index}
                isDragDisabled={!canReorder}
              >
                {(drag, snapshot) => (
                  <Box
                    component="li"
                    ref={drag.innerRef}
                    {...drag.draggableProps}
                    style={{
                      ...drag.draggableProps.style,
                      listStyle: 'none',
                      borderRadius: 'var(--mantine-radius-sm)',
                      background: snapshot.isDragging ? 'var(--mantine-color-body)' : undefined,
                      boxShadow: snapshot.isDragging ? 'var(--mantine-shadow-md)' : undefined,
                    }}
                    px={4}
                    py={2}
                  >
                    <Group gap={6} wrap="nowrap">
                      {canReorder && (
                        <Box
                          {...drag.dragHandleProps}
                          className="mantine-focus-auto cadence-tap-handle"
                          aria-label={meetingsMessages.moveNamed(fullName(person))}
                          c="dimmed"
                          style={{ display: 'flex', cursor: 'grab', borderRadius: 4 }}
                        >
                          <IconGripVertical size={16} />
                        </Box>
                      )}
                      <PersonLine person={person} />
                    </Group>
                  </Box>
                )}
              </Draggable>
            ))}
            {provided.placeholder}
          </Stack>
        )}
      </Droppable>
    )}
  </Stack>
);

export const MembersSection = ({ meeting, onEdit }: { meeting: Meeting; onEdit: () => void }) => {
  const update = useUpdateMeeting();
  const canReorder = meeting.permissions.canEdit;

  const onDragEnd = (result: DropResult) => {
    // Only within one list: moving a person between Admins and Members is the form's job.
    if (isIgnoredDrop(result) || !result.destination) return;
    if (result.destination.droppableId !== result.source.droppableId) return;
    const role = result.source.droppableId as Role;
    const ids = role === 'administrators' ? meeting.administratorIds : meeting.shareWithIds;
    update.mutate({ id: meeting.id, patch: { [role]: reorder(ids, result.source.index, result.destination.index) } });
  };

  return (
    <SectionCard
      title={meetingsMessages.meetingMembers}
      actions={
        meeting.permissions.canEdit && (
          <Button size="compact-sm" variant="light" leftSection={<IconPencil size={14} />} onClick={onEdit}>
            {meetingsMessages.editMeeting}
          </Button>
        )
      }
    >
      <DragDropContext onDragEnd={onDragEnd} dragHandleUsageInstructions={messages.agendaKeyboardHint}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
          <PeopleList
            list="administrators"
            label={messages.admins}
            people={meeting.administrators}
            canReorder={canReorder}
          />
          <PeopleList list="members" label={messages.members} people={meeting.members} canReorder={canReorder} />
        </SimpleGrid>
      </DragDropContext>
      {canReorder && (
        <Text size="xs" c="dimmed" mt="sm">
          {meetingsMessages.reorderPeopleHint}
        </Text>
      )}
    </SectionCard>
  );
};
