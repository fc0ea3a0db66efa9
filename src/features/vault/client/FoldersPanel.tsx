import { ActionIcon, Button, Group, Menu, Modal, NavLink, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDots, IconFolder, IconFolderPlus, IconInbox, IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { useDelayedClose } from '../../../client/ui/useDelayedClose.ts';
import { useFieldError } from '../../../client/ui/useFieldErrors.ts';
import { DIALOG_CLOSE_DELAY_MS, VAULT_LIMITS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { vaultMessages } from '../vault.messages.ts';
import { type VaultFolder, ZSaveVaultFolder } from '../vault.schemas.ts';
import { useDeleteFolder, useSaveFolder } from './vault.queries.ts';

// The vault's folders (document 3 §2/§3: Add folder / Edit folder, name required): the
// selection filters the table; leaders and admins add, rename and delete them.

/** The table's folder filter: null all, 'none' no folder, else a folder's id. */
export type FolderSelection = string | null;

const FolderNameForm = ({
  meetingId,
  folder,
  onClose,
}: {
  meetingId: string;
  folder: VaultFolder | null;
  onClose: () => void;
}) => {
  const [name, setName] = useState(folder?.name ?? '');
  const [error, setError] = useFieldError(name);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveFolder(meetingId);
  const closeSoon = useDelayedClose(onClose);
  const submit = () => {
    setFailure(null);
    const check = ZSaveVaultFolder.shape.name.safeParse(name);
    setError(check.success ? null : (check.error.issues[0]?.message ?? messages.required));
    if (!check.success) return;
    save.mutate(
      { id: folder?.id ?? null, name: check.data },
      {
        onSuccess: () => {
          showSuccess(vaultMessages.vaultFolderSaved);
          closeSoon();
        },
        onError: (e) => setFailure(errorText(e)),
      },
    );
  };
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={folder ? messages.saveButton : messages.createButton}
      pending={save.isPending}
      failure={failure}
    >
      <TextInput
        label={messages.folderName}
        required
        data-autofocus
        maxLength={VAULT_LIMITS.folderName}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={error}
      />
    </DialogForm>
  );
};

const DeleteFolderDialog = ({
  meetingId,
  folder,
  onClose,
  onDeleted,
}: {
  meetingId: string;
  folder: VaultFolder | null;
  onClose: () => void;
  onDeleted: (folder: VaultFolder) => void;
}) => {
  const [entries, setEntries] = useState<'keep' | 'delete'>('keep');
  const remove = useDeleteFolder(meetingId);
  const count = folder?.entryCount ?? 0;
  return (
    <ConfirmDialog
      opened={folder !== null}
      title={vaultMessages.vaultDeleteFolderTitle(folder?.name ?? '')}
      onClose={() => {
        remove.reset();
        setEntries('keep');
        onClose();
      }}
      onConfirm={() =>
        folder &&
        remove.mutate(
          { id: folder.id, entries: count > 0 ? entries : 'keep' },
          {
            onSuccess: () => {
              showSuccess(vaultMessages.vaultFolderDeleted);
              setEntries('keep');
              onDeleted(folder);
            },
          },
        )
      }
      pending={remove.isPending}
      error={remove.isError ? errorText(remove.error) : null}
    >
      {count === 0 ? (
        vaultMessages.vaultDeleteFolderEmpty
      ) : (
        <Radio.Group
          label={vaultMessages.vaultDeleteFolderEntries(count)}
          value={entries}
          onChange={(value) => setEntries(value === 'delete' ? 'delete' : 'keep')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="keep" label={vaultMessages.vaultFolderKeepEntries} />
            <Radio value="delete" label={vaultMessages.vaultFolderDeleteEntries} color="red" />
          </Stack>
        </Radio.Group>
      )}
    </ConfirmDialog>
  );
};

export const FoldersPanel = ({
  meetingId,
  folders,
  canManage,
  selected,
  onSelect,
}: {
  meetingId: string;
  folders: VaultFolder[];
  canManage: boolean;
  selected: FolderSelection;
  onSelect: (selection: FolderSelection) => void;
}) => {
  const [naming, setNaming] = useState<{ folder: VaultFolder | null } | null>(null);
  const [deleting, setDeleting] = useState<VaultFolder | null>(null);
  return (
    <Stack gap={4} component="section" aria-labelledby="vault-folders">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h5" id="vault-folders">
          {vaultMessages.vaultFolders}
        </Title>
        {canManage && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconFolderPlus size={16} />}
            onClick={() => setNaming({ folder: null })}
          >
            {vaultMessages.vaultAddFolder}
          </Button>
        )}
      </Group>
      <NavLink
        component="button"
        label={vaultMessages.vaultAllFolders}
        leftSection={<IconKey size={16} />}
        active={selected === null}
        aria-current={selected === null ? 'true' : undefined}
        onClick={() => onSelect(null)}
      />
      {folders.map((folder) => (
        <Group key={folder.id} gap={0} wrap="nowrap" data-vault-folder={folder.name}>
          <NavLink
            component="button"
            label={folder.name}
            leftSection={<IconFolder size={16} />}
            rightSection={
              <Text size="xs" c="dimmed">
                {folder.entryCount}
              </Text>
            }
            active={selected === folder.id}
            aria-current={selected === folder.id ? 'true' : undefined}
            onClick={() => onSelect(folder.id)}
            flex={1}
            miw={0}
          />
          {canManage && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={vaultMessages.vaultFolderActions(folder.name)}>
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setNaming({ folder })}>
                  {vaultMessages.vaultEditFolder}
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(folder)}>
                  {vaultMessages.vaultDeleteFolder}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      ))}
      <NavLink
        component="button"
        label={vaultMessages.vaultNoFolder}
        leftSection={<IconInbox size={16} />}
        active={selected === 'none'}
        aria-current={selected === 'none' ? 'true' : undefined}
        onClick={() => onSelect('none')}
      />
      <Modal
        opened={naming !== null}
        onClose={() => setNaming(null)}
        title={naming?.folder ? vaultMessages.vaultEditFolderTitle : vaultMessages.vaultAddFolderTitle}
        centered
        size="sm"
        transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
      >
        {naming && <FolderNameForm meetingId={meetingId} folder={naming.folder} onClose={() => setNaming(null)} />}
      </Modal>
      <DeleteFolderDialog
        meetingId={meetingId}
        folder={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(folder) => {
          setDeleting(null);
          if (selected === folder.id) onSelect(null);
        }}
      />
    </Stack>
  );
};
