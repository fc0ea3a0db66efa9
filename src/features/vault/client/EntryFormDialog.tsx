import {
  ActionIcon,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../client/lib/api.ts';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { useDelayedClose } from '../../../client/ui/useDelayedClose.ts';
import { useFieldErrors } from '../../../client/ui/useFieldErrors.ts';
import { DIALOG_CLOSE_DELAY_MS, VAULT_GENERATOR, VAULT_LIMITS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { useViewer } from '../../meetings/client/meetings.queries.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import { useGroups } from '../../people/client/people.queries.ts';
import { vaultMessages } from '../vault.messages.ts';
import { type VaultEntry, type VaultFolder, ZCreateVaultEntry, ZUpdateVaultEntry } from '../vault.schemas.ts';
import { PasswordStrength } from './PasswordStrength.tsx';
import { generatePassword } from './vault.generator.ts';
import { savingLocksOut } from './vault.lockout.ts';
import { useSaveEntry } from './vault.queries.ts';

// Add New Password / Edit Password (document 3 §2): account, username, password (with a
// generator and a strength meter), site URL, folder, groups, notes. Editing never shows the
// current password: an empty password field keeps it. A save that would leave its author unable
// to reveal the password asks first (decision 088), in a dialog stacked on the form.

const NO_FOLDER = '';

interface Values {
  account: string;
  username: string;
  password: string;
  siteUrl: string;
  folderId: string;
  groupIds: string[];
  notes: string;
}

const initialValues = (entry: VaultEntry | null, folderId: string | null): Values => ({
  account: entry?.account ?? '',
  username: entry?.username ?? '',
  password: '',
  siteUrl: entry?.siteUrl ?? '',
  folderId: entry ? (entry.folderId ?? NO_FOLDER) : (folderId ?? NO_FOLDER),
  groupIds: entry?.groupIds ?? [],
  notes: entry?.notes ?? '',
});

export const EntryFormDialog = ({
  opened,
  meeting,
  entry,
  folders,
  folderId,
  onClose,
}: {
  opened: boolean;
  meeting: Meeting;
  /** null: a new entry. */
  entry: VaultEntry | null;
  folders: VaultFolder[];
  /** The folder a new entry starts in (the one selected on the page). */
  folderId: string | null;
  onClose: () => void;
}) => {
  // The save to send once the author confirms they will not see the password.
  const [confirmedSave, setConfirmedSave] = useState<(() => void) | null>(null);
  return (
    <Modal.Stack>
      <Modal
        stackId="vault-entry"
        opened={opened}
        onClose={onClose}
        title={entry ? vaultMessages.vaultEditPasswordTitle : vaultMessages.vaultAddPasswordTitle}
        centered
        size="lg"
        transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
      >
        <EntryForm
          meeting={meeting}
          entry={entry}
          folders={folders}
          folderId={folderId}
          onClose={onClose}
          onAskLockOut={(save) => setConfirmedSave(() => save)}
        />
      </Modal>
      <Modal
        stackId="vault-lock-out"
        opened={opened && confirmedSave !== null}
        onClose={() => setConfirmedSave(null)}
        title={vaultMessages.vaultLockOutTitle}
        centered
        transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
      >
        <Stack gap="md">
          <Text size="sm">{vaultMessages.vaultLockOutText}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmedSave(null)} data-autofocus>
              {vaultMessages.vaultLockOutBack}
            </Button>
            <Button
              color="orange"
              onClick={() => {
                confirmedSave?.();
                setConfirmedSave(null);
              }}
            >
              {vaultMessages.vaultLockOutConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Modal.Stack>
  );
};

/** The server's 409 asking to confirm a save that locks its author out. */
const asksLockOut = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && Boolean(error.errors?.confirmLockOut);

const EntryForm = ({
  meeting,
  entry,
  folders,
  folderId,
  onClose,
  onAskLockOut,
}: {
  meeting: Meeting;
  entry: VaultEntry | null;
  folders: VaultFolder[];
  folderId: string | null;
  onClose: () => void;
  /** Asks the author to confirm; `save` sends the confirmed request. */
  onAskLockOut: (save: () => void) => void;
}) => {
  const [values, setValues] = useState<Values>(() => initialValues(entry, folderId));
  const [errors, setErrors] = useFieldErrors(values);
  const [failure, setFailure] = useState<string | null>(null);
  const [length, setLength] = useState<number>(VAULT_GENERATOR.default);
  const [visible, setVisible] = useState(false);
  const groups = useGroups();
  const viewer = useViewer();
  const save = useSaveEntry(meeting.id);
  const closeSoon = useDelayedClose(onClose);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = () => {
    setFailure(null);
    const input = {
      account: values.account,
      username: values.username,
      siteUrl: values.siteUrl,
      folderId: values.folderId || null,
      groupIds: values.groupIds,
      notes: values.notes,
      // Editing: an empty field keeps the current password.
      ...(entry && values.password === '' ? {} : { password: values.password }),
    };
    const parsed = (entry ? ZUpdateVaultEntry : ZCreateVaultEntry).safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<keyof Values, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Values] ??= issue.message;
      setErrors(found);
      return;
    }
    const send = (confirmLockOut: boolean) =>
      save.mutate(
        { id: entry?.id ?? null, input: confirmLockOut ? { ...input, confirmLockOut } : input },
        {
          onSuccess: () => {
            showSuccess(vaultMessages.vaultSaved);
            closeSoon();
          },
          onError: (error) => {
            if (!confirmLockOut && asksLockOut(error)) return onAskLockOut(() => send(true));
            if (error instanceof ApiError && error.errors)
              setErrors(error.errors as Partial<Record<keyof Values, string>>);
            setFailure(errorText(error));
          },
        },
      );
    const locksOut = savingLocksOut({
      userId: viewer.userId,
      meeting,
      groups: groups.data?.groups ?? [],
      groupIds: values.groupIds,
      entry,
    });
    if (locksOut) onAskLockOut(() => send(true));
    else send(false);
  };

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={entry ? messages.saveButton : messages.createButton}
      pending={save.isPending}
      failure={failure}
    >
      <Stack gap="sm">
        <TextInput
          label={vaultMessages.vaultAccount}
          required
          data-autofocus
          maxLength={VAULT_LIMITS.account}
          value={values.account}
          onChange={(event) => set('account', event.currentTarget.value)}
          error={errors.account}
        />
        <TextInput
          label={vaultMessages.vaultUsername}
          maxLength={VAULT_LIMITS.username}
          autoComplete="off"
          value={values.username}
          onChange={(event) => set('username', event.currentTarget.value)}
          error={errors.username}
        />
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <PasswordInput
            label={vaultMessages.vaultPassword}
            required={!entry}
            description={entry ? vaultMessages.vaultPasswordKeep : undefined}
            autoComplete="new-password"
            maxLength={VAULT_LIMITS.password}
            flex={1}
            visible={visible}
            onVisibilityChange={setVisible}
            value={values.password}
            onChange={(event) => set('password', event.currentTarget.value)}
            error={errors.password}
          />
          <NumberInput
            label={vaultMessages.vaultGeneratorLength}
            w={90}
            min={VAULT_GENERATOR.min}
            max={VAULT_GENERATOR.max}
            clampBehavior="strict"
            value={length}
            onChange={(value) => setLength(typeof value === 'number' ? value : VAULT_GENERATOR.default)}
          />
          <Tooltip label={vaultMessages.vaultGenerate} withArrow>
            <ActionIcon
              size="lg"
              variant="light"
              aria-label={vaultMessages.vaultGenerate}
              mb={errors.password ? 22 : 0}
              onClick={() => {
                set('password', generatePassword(length));
                setVisible(true);
              }}
            >
              <IconWand size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <PasswordStrength password={values.password} />
        <TextInput
          label={vaultMessages.vaultSiteUrl}
          placeholder="https://"
          inputMode="url"
          value={values.siteUrl}
          onChange={(event) => set('siteUrl', event.currentTarget.value)}
          error={errors.siteUrl}
        />
        <Select
          label={vaultMessages.vaultFolder}
          data={[
            { value: NO_FOLDER, label: vaultMessages.vaultNoFolder },
            ...folders.map((folder) => ({ value: folder.id, label: folder.name })),
          ]}
          value={values.folderId}
          onChange={(value) => set('folderId', value ?? NO_FOLDER)}
          allowDeselect={false}
          error={errors.folderId}
        />
        <MultiSelect
          label={vaultMessages.vaultGroups}
          description={vaultMessages.vaultGroupsHint}
          data={(groups.data?.groups ?? []).map((group) => ({ value: group.id, label: group.name }))}
          value={values.groupIds}
          onChange={(value) => set('groupIds', value)}
          searchable
          clearable
          error={errors.groupIds}
        />
        <Textarea
          label={vaultMessages.vaultNotes}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={VAULT_LIMITS.notes}
          value={values.notes}
          onChange={(event) => set('notes', event.currentTarget.value)}
          error={errors.notes}
        />
      </Stack>
    </DialogForm>
  );
};
