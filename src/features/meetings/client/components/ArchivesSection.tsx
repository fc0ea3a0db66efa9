import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconExternalLink, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../../client/lib/api.ts';
import { dayjs } from '../../../../client/lib/dayjs.ts';
import { Link } from '../../../../client/lib/router/index.ts';
import { useWorkspacePeople } from '../../../../client/lib/workspacePeople.ts';
import { ConflictNotice } from '../../../../client/ui/ConflictNotice.tsx';
import { DialogForm } from '../../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { PageNav } from '../../../../client/ui/PageNav.tsx';
import { SectionCard } from '../../../../client/ui/SectionCard.tsx';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { useDelayedClose } from '../../../../client/ui/useDelayedClose.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { fullName } from '../../../../shared/person.ts';
import { meetingsMessages } from '../../meetings.messages.ts';
import { DATE_FORMAT } from '../meetings.format.ts';
import { linkError } from '../meetings.links.ts';
import { useUpdateSession } from '../meetings.mutations.ts';
import { type ArchivePage, useArchives } from '../meetings.queries.ts';

// Meeting Archives (document 1 §2): held sessions a page at a time, each with its note and
// recording link (edited in the Meeting Note and Meeting Recording Link dialogs). A note's save
// names the version it was typed over: when someone changed it meanwhile, nothing is overwritten
// and the dialog shows both texts (decision 089).

type Archive = ArchivePage['archives'][number];
type Editing = { archive: Archive; field: 'note' | 'link' } | null;

const formatDate = (date: string) => dayjs(date).format(DATE_FORMAT);

const SessionFieldForm = ({
  meetingId,
  archive,
  current,
  field,
  onClose,
}: {
  meetingId: string;
  archive: Archive;
  /** The same session as the archives list has it now (read again after a refused save). */
  current: Archive | undefined;
  field: 'note' | 'link';
  onClose: () => void;
}) => {
  const [value, setValue] = useState(archive[field] ?? '');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The note's version this text was typed over (decision 089), and why a save was refused.
  const [base, setBase] = useState(archive.noteChangedAt);
  const [refused, setRefused] = useState<string | null>(null);
  const people = useWorkspacePeople(refused !== null);
  const changer = people.data?.find((person) => person.id === current?.noteChangedBy);
  const update = useUpdateSession(meetingId);
  const closeSoon = useDelayedClose(onClose);
  const send = (over: string | null) => {
    setFailure(null);
    setRefused(null);
    const text = value.trim();
    if (field === 'link' && text) {
      const problem = linkError(text);
      if (problem) {
        setError(problem);
        return;
      }
    }
    setError(null);
    // An empty value clears it (document 1 §5: sent as null). The API's link field takes an
    // empty string for that and refuses null, so an empty link travels as ''.
    const patch = field === 'note' ? { note: text || null, noteBaseChangedAt: over } : { link: text };
    update.mutate(
      { id: archive.id, patch },
      {
        onSuccess: closeSoon,
        onError: (e) =>
          e instanceof ApiError && e.status === 409 ? setRefused(errorText(e)) : setFailure(errorText(e)),
      },
    );
  };
  /** After a refused save: keep this text over the note now shown, or take that note. */
  const keepMine = (theirs: Archive) => {
    setBase(theirs.noteChangedAt);
    send(theirs.noteChangedAt);
  };
  const takeTheirs = (theirs: Archive) => {
    setRefused(null);
    update.reset();
    setBase(theirs.noteChangedAt);
    setValue(theirs.note ?? '');
  };
  // Both texts once the list has read theirs (a newer version than the one typed over).
  const conflict = refused !== null && current !== undefined && current.noteChangedAt !== base ? current : null;
  return (
    <DialogForm
      onSubmit={() => send(base)}
      onCancel={onClose}
      submitLabel={messages.saveButton}
      pending={update.isPending}
      failure={conflict ? null : (refused ?? failure)}
    >
      <Text size="sm" c="dimmed">
        {formatDate(archive.meetingDate)}
      </Text>
      {field === 'note' ? (
        <Textarea
          label={meetingsMessages.columnNote}
          autosize
          minRows={4}
          maxRows={12}
          data-autofocus
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
      ) : (
        <TextInput
          label={meetingsMessages.columnRecording}
          placeholder="https://"
          data-autofocus
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
        />
      )}
      {conflict && (
        <ConflictNotice
          message={refused ?? ''}
          theirName={changer ? fullName(changer) : ''}
          theirs={conflict.note ?? ''}
          mine={value.trim()}
          onKeepMine={() => keepMine(conflict)}
          onUseTheirs={() => takeTheirs(conflict)}
        />
      )}
    </DialogForm>
  );
};

export const ArchivesSection = ({ meetingId }: { meetingId: string }) => {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const archives = useArchives(meetingId, page);

  let body: React.ReactNode;
  if (archives.isPending) body = <SectionLoading />;
  else if (archives.isError)
    body = (
      <SectionError
        title={messages.archivesLoadFailed}
        error={archives.error}
        onRetry={() => void archives.refetch()}
        retrying={archives.isFetching}
      />
    );
  else if (archives.data.archives.length === 0)
    body = (
      <Text size="sm" c="dimmed" ta="center" py="md">
        {meetingsMessages.noMeetingArchives}
      </Text>
    );
  else
    body = (
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={640} type="native">
          <Table verticalSpacing={6} fz="sm" striped aria-label={meetingsMessages.meetingArchives}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{messages.columnMeetingDate}</Table.Th>
                <Table.Th>{messages.columnAverageScore}</Table.Th>
                <Table.Th>{meetingsMessages.columnRecording}</Table.Th>
                <Table.Th>{meetingsMessages.columnNote}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {archives.data.archives.map((archive) => {
                const date = formatDate(archive.meetingDate);
                return (
                  <Table.Tr key={archive.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{date}</Table.Td>
                    <Table.Td>{archive.avgScore === null ? '—' : archive.avgScore.toFixed(1)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {archive.link ? (
                          <Anchor href={archive.link} target="_blank" rel="noopener noreferrer" size="sm">
                            <Group gap={4} wrap="nowrap">
                              <IconExternalLink size={14} aria-hidden />
                              {meetingsMessages.openRecording}
                            </Group>
                          </Anchor>
                        ) : (
                          <Text size="sm" c="dimmed">
                            —
                          </Text>
                        )}
                        <Tooltip label={meetingsMessages.recordingLinkTitle} withArrow>
                          <ActionIcon
                            size="sm"
                            variant="subtle"
                            onClick={() => setEditing({ archive, field: 'link' })}
                            aria-label={meetingsMessages.editLinkOf(date)}
                          >
                            <IconPencil size={14} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                    <Table.Td maw={260}>
                      <Group gap={4} wrap="nowrap">
                        <Text
                          size="sm"
                          truncate
                          c={archive.note ? undefined : 'dimmed'}
                          title={archive.note ?? undefined}
                        >
                          {archive.note ?? '—'}
                        </Text>
                        <Tooltip label={meetingsMessages.meetingNoteTitle} withArrow>
                          <ActionIcon
                            size="sm"
                            variant="subtle"
                            onClick={() => setEditing({ archive, field: 'note' })}
                            aria-label={meetingsMessages.editNoteOf(date)}
                          >
                            <IconPencil size={14} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button component={Link} to={`/meeting-archives/${archive.id}`} size="compact-sm" variant="light">
                        {messages.seeMeetingArchive}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {archives.data.totalPages > 1 && (
          <PageNav
            label={meetingsMessages.archivePages}
            page={page}
            totalPages={archives.data.totalPages}
            onChange={setPage}
          />
        )}
      </Stack>
    );

  return (
    <SectionCard title={meetingsMessages.meetingArchives}>
      {body}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.field === 'link' ? meetingsMessages.recordingLinkTitle : meetingsMessages.meetingNoteTitle}
        centered
        transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
      >
        {editing && (
          <SessionFieldForm
            meetingId={meetingId}
            archive={editing.archive}
            current={archives.data?.archives.find((archive) => archive.id === editing.archive.id)}
            field={editing.field}
            onClose={() => setEditing(null)}
          />
        )}
      </Modal>
    </SectionCard>
  );
};
