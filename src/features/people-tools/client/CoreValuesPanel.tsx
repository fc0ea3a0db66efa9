import { ActionIcon, Badge, Button, Card, Group, Modal, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { peopleToolsMessages as m } from '../people-tools.messages.ts';
import type { CoreValue } from '../people-tools.schemas.ts';
import { useCoreValues, useReorderCoreValues, useSaveCoreValue } from './people-tools.queries.ts';

const ValueDialog = ({ value, opened, onClose }: { value: CoreValue | null; opened: boolean; onClose: () => void }) => {
  const save = useSaveCoreValue();
  const [title, setTitle] = useState(value?.title ?? '');
  const [description, setDescription] = useState(value?.description ?? '');
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={value ? m.editCoreValue : m.addCoreValue} centered>
      <DialogForm
        onSubmit={() =>
          save.mutate(
            { id: value?.id ?? null, input: { title, description } },
            {
              onSuccess: () => {
                showSuccess(m.coreValueSaved);
                close();
              },
            },
          )
        }
        onCancel={close}
        submitLabel={value ? m.editCoreValue : m.addCoreValue}
        pending={save.isPending}
        failure={save.error ? errorText(save.error) : null}
      >
        <TextInput
          label={m.coreValueTitle}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          required
          data-autofocus
        />
        <Textarea
          label={m.coreValueDescription}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          autosize
          minRows={2}
        />
      </DialogForm>
    </Modal>
  );
};

/** The workspace's core values; admins add, describe, reorder, retire and bring them back. */
export const CoreValuesPanel = () => {
  const values = useCoreValues();
  const reorder = useReorderCoreValues();
  const save = useSaveCoreValue();
  const [editing, setEditing] = useState<CoreValue | null | 'new'>(null);
  const [retiring, setRetiring] = useState<CoreValue | null>(null);
  if (values.isPending) return <SectionLoading />;
  if (values.isError)
    return <SectionError title={m.loadFailed} error={values.error} onRetry={() => void values.refetch()} />;
  const { canEdit } = values.data;
  const active = values.data.values.filter((value) => !value.retired);
  const retired = values.data.values.filter((value) => value.retired);
  const move = (index: number, by: number) => {
    const ids = active.map((value) => value.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids);
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="gray.7">
          {m.coreValuesHint}
        </Text>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {m.addCoreValue}
          </Button>
        )}
      </Group>
      {active.length === 0 && <Text c="gray.7">{m.coreValuesEmpty}</Text>}
      {active.map((value, index) => (
        <Card key={value.id} withBorder padding="sm" component="article" aria-label={value.title}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={3} size="h5">
                {value.title}
              </Title>
              {value.description && (
                <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  {value.description}
                </Text>
              )}
            </Stack>
            {canEdit && (
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={m.moveUp(value.title)}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={m.moveDown(value.title)}
                  disabled={index === active.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${m.editCoreValue}: ${value.title}`}
                  onClick={() => setEditing(value)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
                <Button size="xs" variant="subtle" color="red" onClick={() => setRetiring(value)}>
                  {m.retireCoreValue}
                </Button>
              </Group>
            )}
          </Group>
        </Card>
      ))}
      {retired.map((value) => (
        <Group key={value.id} justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text c="gray.7">{value.title}</Text>
            <Badge color="gray" variant="light">
              {m.retired}
            </Badge>
          </Group>
          <Button size="xs" variant="subtle" onClick={() => save.mutate({ id: value.id, input: { retired: false } })}>
            {m.restoreCoreValue}
          </Button>
        </Group>
      ))}
      {editing !== null && (
        <ValueDialog value={editing === 'new' ? null : editing} opened onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        opened={retiring !== null}
        title={m.retireCoreValueTitle(retiring?.title ?? '')}
        confirmLabel={m.retireCoreValue}
        onClose={() => setRetiring(null)}
        pending={save.isPending}
        onConfirm={() =>
          retiring && save.mutate({ id: retiring.id, input: { retired: true } }, { onSuccess: () => setRetiring(null) })
        }
      >
        {m.retireCoreValueWarning}
      </ConfirmDialog>
    </Stack>
  );
};

/** The values as the vision board's Core Values section shows them (read only). */
export const CoreValuesList = () => {
  const values = useCoreValues();
  if (values.isPending) return <SectionLoading />;
  if (values.isError)
    return <SectionError title={m.loadFailed} error={values.error} onRetry={() => void values.refetch()} />;
  const active = values.data.values.filter((value) => !value.retired);
  if (active.length === 0) return null;
  return (
    <Stack gap={4} mt="xs" aria-label={m.coreValuesTitle}>
      {active.map((value) => (
        <Text key={value.id} size="sm">
          <Text span fw={600}>
            {value.title}
          </Text>
          {value.description ? ` — ${value.description}` : ''}
        </Text>
      ))}
    </Stack>
  );
};
