import { Group, Modal, Text, Textarea, TextInput } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../../client/lib/api.ts';
import { DialogForm } from '../../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import { useDelayedClose } from '../../../../client/ui/useDelayedClose.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { meetingsMessages } from '../../meetings.messages.ts';
import { type ShortcutFile, ZCreateFileFolder } from '../../meetings.schemas.ts';
import { linkError } from '../meetings.links.ts';
import { useAddFile, useCreateFileFolder, useRenameFileFolder, useUpdateFile } from '../meetings.mutations.ts';
import type { FileFolder } from '../meetings.queries.ts';

// The Team Files dialogs (document 1 §2): add folder / rename folder, add file / edit file.
// Each form is mounted only while its dialog is open, so it starts from the entry it edits.

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? messages.invalidValue);

/** The folder a new entry goes into, above the form's fields. */
const FolderCrumb = ({ name }: { name: string }) => (
  <Group gap={6}>
    <IconFolder size={16} aria-hidden />
    <Text size="sm" c="dimmed">
      {name}
    </Text>
  </Group>
);

const FilesModal = ({
  title,
  opened,
  onClose,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  children: React.ReactNode;
}) => (
  <Modal opened={opened} onClose={onClose} title={title} centered transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}>
    {opened && children}
  </Modal>
);

/** A new folder in `parent` (null: the top level), or `editing` renamed. */
const FolderForm = ({
  meetingId,
  parent,
  editing,
  onClose,
}: {
  meetingId: string;
  parent: FileFolder | null;
  editing: FileFolder | null;
  onClose: () => void;
}) => {
  const [name, setName] = useState(editing?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateFileFolder(meetingId);
  const rename = useRenameFileFolder(meetingId);
  const closeSoon = useDelayedClose(onClose);
  const submit = () => {
    setFailure(null);
    const problem = firstMessage(ZCreateFileFolder.shape.name.safeParse(name));
    setError(problem);
    if (problem) return;
    const handlers = {
      onSuccess: () => {
        showSuccess(editing ? meetingsMessages.folderRenamed : meetingsMessages.folderAdded);
        closeSoon();
      },
      // document 1 §8: 409 is a taken name, anything else a generic problem.
      onError: (err: Error) =>
        setFailure(
          err instanceof ApiError && err.status === 409
            ? meetingsMessages.folderNameTaken
            : editing
              ? meetingsMessages.folderRenameFailed
              : meetingsMessages.folderCreateFailed,
        ),
    };
    if (editing) rename.mutate({ id: editing.id, name: name.trim() }, handlers);
    else create.mutate({ name: name.trim(), parentId: parent?.id ?? null }, handlers);
  };
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={editing ? messages.saveButton : messages.createButton}
      pending={create.isPending || rename.isPending}
      failure={failure}
    >
      {parent && !editing && <FolderCrumb name={parent.name} />}
      <TextInput
        label={messages.folderName}
        required
        data-autofocus
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={error}
      />
    </DialogForm>
  );
};

export const FolderDialog = (props: {
  meetingId: string;
  parent: FileFolder | null;
  editing: FileFolder | null;
  opened: boolean;
  onClose: () => void;
}) => (
  <FilesModal
    title={props.editing ? meetingsMessages.renameFileFolderTitle : meetingsMessages.addFolder}
    opened={props.opened}
    onClose={props.onClose}
  >
    <FolderForm meetingId={props.meetingId} parent={props.parent} editing={props.editing} onClose={props.onClose} />
  </FilesModal>
);

/** A new file (a named link) in `folder`, or `editing` changed. */
const FileForm = ({
  meetingId,
  folder,
  editing,
  onClose,
}: {
  meetingId: string;
  folder: FileFolder | null;
  editing: ShortcutFile | null;
  onClose: () => void;
}) => {
  const [values, setValues] = useState({
    name: editing?.name ?? '',
    externalLink: editing?.externalLink ?? '',
    description: editing?.description ?? '',
  });
  const [errors, setErrors] = useState<{ name?: string | null; externalLink?: string | null }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddFile(meetingId);
  const update = useUpdateFile(meetingId);
  const closeSoon = useDelayedClose(onClose);
  const submit = () => {
    setFailure(null);
    const found = {
      name: values.name.trim() ? null : messages.required,
      externalLink: values.externalLink.trim() ? linkError(values.externalLink) : messages.required,
    };
    setErrors(found);
    if (found.name || found.externalLink) return;
    const fields = {
      name: values.name.trim(),
      externalLink: values.externalLink.trim(),
      description: values.description.trim(),
    };
    const handlers = {
      onSuccess: () => {
        showSuccess(editing ? meetingsMessages.fileSaved : meetingsMessages.fileAdded);
        closeSoon();
      },
      onError: (error: Error) => setFailure(errorText(error)),
    };
    if (editing) update.mutate({ id: editing.id, ...fields }, handlers);
    else add.mutate({ ...fields, folderId: folder?.id ?? null }, handlers);
  };
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={editing ? messages.saveButton : messages.addButton}
      pending={add.isPending || update.isPending}
      failure={failure}
    >
      {folder && !editing && <FolderCrumb name={folder.name} />}
      <TextInput
        label={meetingsMessages.fileName}
        required
        data-autofocus
        value={values.name}
        onChange={(event) => {
          setValues({ ...values, name: event.currentTarget.value });
          setErrors({ ...errors, name: null });
        }}
        error={errors.name}
      />
      <TextInput
        label={meetingsMessages.fileLink}
        required
        placeholder="https://"
        value={values.externalLink}
        onChange={(event) => {
          setValues({ ...values, externalLink: event.currentTarget.value });
          setErrors({ ...errors, externalLink: null });
        }}
        error={errors.externalLink}
      />
      <Textarea
        label={meetingsMessages.fileDescription}
        autosize
        minRows={2}
        value={values.description}
        onChange={(event) => setValues({ ...values, description: event.currentTarget.value })}
      />
    </DialogForm>
  );
};

export const FileDialog = (props: {
  meetingId: string;
  folder: FileFolder | null;
  editing: ShortcutFile | null;
  opened: boolean;
  onClose: () => void;
}) => (
  <FilesModal
    title={props.editing ? meetingsMessages.editFileTitle : meetingsMessages.addFile}
    opened={props.opened}
    onClose={props.onClose}
  >
    <FileForm meetingId={props.meetingId} folder={props.folder} editing={props.editing} onClose={props.onClose} />
  </FilesModal>
);
