import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldRule } from '../../../client/lib/formRules.ts';
import { useWorkspacePeople } from '../../../client/lib/workspacePeople.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showError, showSuccess } from '../../../client/ui/toast.ts';
import { useDelayedClose } from '../../../client/ui/useDelayedClose.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { requiredText } from '../../../shared/validation.ts';
import { peopleMessages } from '../people.messages.ts';
import type { Group as UserGroup } from '../people.schemas.ts';
import { useDeleteGroup, useGroups, useSaveGroup } from './people.queries.ts';

/** Add role / Edit role: the group's name and its people. */
const GroupForm = ({ group, onClose }: { group: UserGroup | null; onClose: () => void }) => {
  const save = useSaveGroup();
  const people = useWorkspacePeople();
  const closeSoon = useDelayedClose(onClose);
  const form = useForm({
    initialValues: { name: group?.name ?? '', userIds: group?.userIds ?? [] },
    validate: { name: fieldRule(requiredText(100)) },
  });
  // People already in the group stay choosable even if disabled since.
  const known = new Map((people.data ?? []).map((p) => [p.id, `${p.firstName} ${p.lastName}`]));
  for (const user of group?.users ?? [])
    if (!known.has(user.id)) known.set(user.id, `${user.firstName} ${user.lastName}`);
  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: group?.id ?? null, input: { name: values.name.trim(), userIds: values.userIds } },
      {
        onSuccess: () => {
          showSuccess(peopleMessages.groupSaved);
          closeSoon();
        },
      },
    ),
  );
  return (
    <DialogForm
      onSubmit={() => submit()}
      onCancel={onClose}
      submitLabel={messages.saveButton}
      pending={save.isPending}
      failure={save.error ? errorText(save.error) : null}
    >
      <TextInput label={peopleMessages.groupName} required data-autofocus {...form.getInputProps('name')} />
      <MultiSelect
        label={peopleMessages.groupMembers}
        data={[...known].map(([value, label]) => ({ value, label }))}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('userIds')}
      />
    </DialogForm>
  );
};

const GroupDialog = ({ opened, group, onClose }: { opened: boolean; group: UserGroup | null; onClose: () => void }) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title={group ? peopleMessages.editRole : peopleMessages.addRole}
    centered
    transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
  >
    {opened && <GroupForm group={group} onClose={onClose} />}
  </Modal>
);

/** The name, renamed in place: Enter or leaving the field saves; an empty name is shown in red and not saved. */
const InlineName = ({ group }: { group: UserGroup }) => {
  const [value, setValue] = useState(group.name);
  const save = useSaveGroup();
  const empty = value.trim() === '';
  const commit = () => {
    if (empty || value.trim() === group.name) return;
    save.mutate(
      { id: group.id, input: { name: value.trim() } },
      {
        onSuccess: () => showSuccess(peopleMessages.groupSaved),
        onError: (error) => showError(errorText(error)),
      },
    );
  };
  return (
    <TextInput
      aria-label={peopleMessages.renameGroup(group.name)}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') setValue(group.name);
      }}
      error={empty ? messages.required : undefined}
      variant="unstyled"
      fw={600}
      styles={{
        input: {
          paddingInline: 6,
          borderRadius: 4,
          border: `1px solid ${empty ? 'var(--mantine-color-red-7)' : 'transparent'}`,
        },
      }}
      style={{ flex: 1, minWidth: 0 }}
    />
  );
};

const GroupRow = ({ group, isAdmin, onEdit }: { group: UserGroup; isAdmin: boolean; onEdit: () => void }) => {
  const remove = useDeleteGroup();
  const [confirming, setConfirming] = useState(false);
  const users = group.users ?? [];
  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          {isAdmin ? (
            <InlineName key={group.name} group={group} />
          ) : (
            <Text fw={600} truncate>
              {group.name}
            </Text>
          )}
          <Group gap="xs" wrap="nowrap">
            <Avatar.Group spacing="xs">
              {users.slice(0, 5).map((user) => (
                <Avatar
                  key={user.id}
                  src={user.image}
                  name={`${user.firstName} ${user.lastName}`}
                  color="initials"
                  size={26}
                  alt=""
                />
              ))}
            </Avatar.Group>
            <Text size="sm" c="gray.7">
              {peopleMessages.groupPeopleCount(users.length)}
            </Text>
          </Group>
        </Stack>
        {isAdmin && (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={peopleMessages.editRole}>
              <ActionIcon variant="subtle" color="gray" aria-label={peopleMessages.editRole} onClick={onEdit}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={peopleMessages.deleteGroup}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={peopleMessages.deleteGroup}
                onClick={() => setConfirming(true)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={peopleMessages.deleteGroup}
        onConfirm={() =>
          remove.mutate(group.id, {
            onSuccess: () => {
              setConfirming(false);
              showSuccess(peopleMessages.groupDeleted);
            },
          })
        }
        onClose={() => setConfirming(false)}
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
      >
        {peopleMessages.deleteGroupConfirm(group.name)}
      </ConfirmDialog>
    </Paper>
  );
};

/** The Groups tab: every group with its people; admins add, rename in place, edit and delete. */
export const GroupsPanel = ({ isAdmin }: { isAdmin: boolean }) => {
  const groups = useGroups();
  const [editing, setEditing] = useState<{ group: UserGroup | null } | null>(null);
  return (
    <Stack gap="sm">
      {isAdmin && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ group: null })}>
            {peopleMessages.newGroup}
          </Button>
        </Group>
      )}
      {groups.isPending ? (
        <SectionLoading />
      ) : groups.isError ? (
        <SectionError
          title={peopleMessages.groupsLoadFailed}
          error={groups.error}
          onRetry={() => void groups.refetch()}
          retrying={groups.isFetching}
        />
      ) : groups.data.groups.length === 0 ? (
        <Text c="gray.7" size="sm">
          {peopleMessages.noGroups}
        </Text>
      ) : (
        groups.data.groups.map((group) => (
          <GroupRow key={group.id} group={group} isAdmin={isAdmin} onEdit={() => setEditing({ group })} />
        ))
      )}
      <GroupDialog opened={editing !== null} group={editing?.group ?? null} onClose={() => setEditing(null)} />
    </Stack>
  );
};
