import { Badge, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useMoments } from '../../../../client/lib/moments.ts';
import { ConfirmRemoval } from '../../../../client/ui/ConfirmDialog.tsx';
import { DialogForm } from '../../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { SectionCard } from '../../../../client/ui/SectionCard.tsx';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { passkeysMessages } from '../../passkeys.messages.ts';
import type { Passkey } from '../../passkeys.schemas.ts';
import { isCancelled, passkeysSupported, useAddPasskey, usePasskeys, useRemovePasskey } from './passkeys.queries.ts';

const PasskeyRow = ({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) => {
  const moments = useMoments();
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="passkey-row">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: 1, minWidth: 180 }}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {passkey.name}
            </Text>
            {passkey.backedUp && (
              <Badge size="sm" variant="light" color="gray">
                {passkeysMessages.synced}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="gray.7">
            {passkeysMessages.created(moments.day(passkey.createdAt))}
            {' · '}
            {passkey.lastUsedAt
              ? passkeysMessages.lastUsed(moments.at(passkey.lastUsedAt))
              : passkeysMessages.neverUsed}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={onRemove}
          aria-label={passkeysMessages.removeNamed(passkey.name)}
        >
          {passkeysMessages.remove}
        </Button>
      </Group>
    </Paper>
  );
};

/** Names the new passkey, then hands over to the browser's own prompt. */
const AddPasskeyDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const [name, setName] = useState<string>(passkeysMessages.defaultName);
  const [nameError, setNameError] = useState<string | null>(null);
  const add = useAddPasskey();
  const close = () => {
    onClose();
    setTimeout(() => {
      setName(passkeysMessages.defaultName);
      setNameError(null);
      add.reset();
    }, DIALOG_CLOSE_DELAY_MS);
  };
  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) return setNameError(messages.required);
    add.mutate(trimmed, {
      onSuccess: () => {
        close();
        showSuccess(passkeysMessages.added);
      },
    });
  };
  const failure = add.error ? (isCancelled(add.error) ? passkeysMessages.cancelled : errorText(add.error)) : null;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={passkeysMessages.addTitle}
      centered
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      <DialogForm
        onSubmit={submit}
        onCancel={close}
        submitLabel={add.isPending ? passkeysMessages.adding : passkeysMessages.save}
        pending={add.isPending}
        failure={failure}
      >
        <TextInput
          label={passkeysMessages.nameLabel}
          description={passkeysMessages.nameHint}
          value={name}
          maxLength={100}
          data-autofocus
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
          error={nameError}
        />
      </DialogForm>
    </Modal>
  );
};

/** Settings → Security: the person's passkeys, Add a passkey, and Remove (confirmed). */
export const PasskeysCard = () => {
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = passkeysSupported();
  return (
    <SectionCard
      title={passkeysMessages.cardTitle}
      actions={
        supported && (
          <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setAdding(true)}>
            {passkeysMessages.add}
          </Button>
        )
      }
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {supported ? passkeysMessages.cardIntro : passkeysMessages.unsupported}
        </Text>
        {passkeys.isPending ? (
          <SectionLoading />
        ) : passkeys.isError ? (
          <SectionError
            title={passkeysMessages.cardTitle}
            error={passkeys.error}
            onRetry={() => void passkeys.refetch()}
            retrying={passkeys.isFetching}
          />
        ) : passkeys.data.length === 0 ? (
          <Group gap="xs" c="gray.7">
            <IconFingerprint size={16} aria-hidden />
            <Text size="sm">{passkeysMessages.empty}</Text>
          </Group>
        ) : (
          <Stack
            component="ul"
            gap="xs"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={passkeysMessages.cardTitle}
          >
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onRemove={() => setRemoving(passkey)} />
            ))}
          </Stack>
        )}
      </Stack>
      <AddPasskeyDialog opened={adding} onClose={() => setAdding(false)} />
      <ConfirmRemoval
        target={removing}
        onClose={() => setRemoving(null)}
        title={passkeysMessages.removeTitle}
        confirmLabel={passkeysMessages.remove}
        question={(passkey) => passkeysMessages.removeBody(passkey.name)}
        mutation={remove}
        done={passkeysMessages.removed}
      />
    </SectionCard>
  );
};
