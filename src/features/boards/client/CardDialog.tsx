import {
  Box,
  Button,
  Divider,
  FileButton,
  Grid,
  Group,
  LoadingOverlay,
  Modal,
  Popover,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowsMove, IconChecklist, IconCopy, IconPaperclip, IconShare, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../client/lib/api.ts';
import { useCard } from '../../../client/lib/cards.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { errorText, FormError } from '../../../client/ui/FormError.tsx';
import { SectionError } from '../../../client/ui/SectionState.tsx';
import { DIALOG_CLOSE_DELAY_MS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import type { PersonSummary } from '../../../shared/person.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import { MilestonePanel } from '../../tasks/client/components/MilestonePanel.tsx';
import { RepeatPanel } from '../../tasks/client/components/RepeatPanel.tsx';
import { formatInstantDay, todayIn } from '../../tasks/client/tasks.format.ts';
import { tasksMessages } from '../../tasks/tasks.messages.ts';
import { ATTACHMENT_MAX_BYTES, type Task } from '../../tasks/tasks.schemas.ts';
import { boardsMessages } from '../boards.messages.ts';
import type { Label } from '../boards.schemas.ts';
import { cardDialogOpen } from './boards.dialogs.ts';
import { useDeleteCard, useUpdateCard } from './boards.queries.ts';
import { ActivityPanel } from './card/ActivityPanel.tsx';
import { AttachmentsPanel } from './card/AttachmentsPanel.tsx';
import { CardFields } from './card/CardFields.tsx';
import { CardBreadcrumb, CardStatusRow, CardTitle, SavedIndicator } from './card/CardHeader.tsx';
import { ChecklistForm, ChecklistPanel } from './card/ChecklistPanel.tsx';
import type { SaveCard } from './card/cardTypes.ts';
import { DescriptionPanel } from './card/DescriptionPanel.tsx';
import { MoveCopyDialog, type MoveKind } from './card/MoveCopyDialog.tsx';
import { SharePanel } from './card/SharePanel.tsx';
import { SAVED_MS, useFlash } from './card/useFlash.ts';
import { ATTACHMENT_LIMIT_MB, useUploadAttachment } from './card.queries.ts';

// The card dialog (document 2 §2): the task panel (breadcrumb, title, Done, lock, Add to
// Action Items, labels, members, watchers, due date, `Saved` for 3 s), the rich-text
// description, checklists, attachments and the activity log; beside them the side panel with
// Checklist, Attachment, Share, Move, Copy and Delete. An overlay covers it until the card
// exists (`creating`, while a new card is being saved). Someone else deleting the open card
// closes it ("The card was deleted" is shown by the real-time updater).

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap="xs" component="section" aria-label={title}>
    <Title order={3} size="h6" c="dimmed" tt="uppercase" fz={11} lts={0.5}>
      {title}
    </Title>
    {children}
  </Stack>
);

const SideButton = ({
  icon,
  children,
  ...props
}: { icon: ReactNode; children: ReactNode } & Omit<Parameters<typeof Button<'button'>>[0], 'children'>) => (
  <Button variant="light" color="gray" size="xs" justify="flex-start" fullWidth leftSection={icon} {...props}>
    {children}
  </Button>
);

const CardBody = ({
  task,
  labels,
  people,
  boardId,
  timezone,
  onDeleted,
}: {
  task: Task;
  labels: Label[];
  people: PersonSummary[];
  boardId: string | null;
  timezone: string;
  onDeleted: () => void;
}) => {
  const update = useUpdateCard();
  const remove = useDeleteCard();
  const upload = useUploadAttachment(task);
  const canEdit = task.permissions.canEdit;
  const [saved, flashSaved] = useFlash(SAVED_MS);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [checklistForm, setChecklistForm] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [moving, setMoving] = useState<MoveKind | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const attachmentsRef = useRef<HTMLDivElement>(null);

  const save: SaveCard = (patch, options) => {
    setFailure(null);
    update.mutate(
      { id: task.id, patch },
      {
        onSuccess: (saved) => {
          flashSaved();
          options?.onSaved?.(saved);
        },
        onError: (error) => (options?.onFail ? options.onFail(errorText(error), error) : setFailure(errorText(error))),
      },
    );
  };

  const attach = (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    attachmentsRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    // The server refuses it too; checked here so that 10 MB are not sent for nothing.
    if (file.size > ATTACHMENT_MAX_BYTES) {
      setUploadError(messages.fileTooLarge(ATTACHMENT_LIMIT_MB));
      return;
    }
    upload.mutate(file, { onError: (error) => setUploadError(errorText(error)) });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" gap="xs" mih={20}>
        <CardBreadcrumb task={task} />
        <SavedIndicator saved={saved !== null} />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <Stack gap="md">
            <CardTitle key={task.id} task={task} save={save} />
            <CardStatusRow task={task} save={save} timezone={timezone} />
            <FormError message={failure} />
            <CardFields task={task} labels={labels} people={people} boardId={task.boardId ?? boardId} save={save} />
            <DescriptionPanel task={task} save={save} />
            {canEdit && task.type === TASK_TYPE.todo && (
              <Section title={tasksMessages.repeatHeading}>
                <RepeatPanel task={task} today={todayIn(timezone)} offerTemplate />
              </Section>
            )}
            {task.type === TASK_TYPE.goal && <MilestonePanel goal={task} people={people} />}
            <ChecklistPanel task={task} people={people} />
            <div ref={attachmentsRef}>
              <Section title={boardsMessages.attachmentsHeading}>
                <AttachmentsPanel
                  task={task}
                  timezone={timezone}
                  uploading={upload.isPending ? (upload.variables?.name ?? '') : null}
                  uploadError={uploadError}
                />
              </Section>
            </div>
            <Divider />
            <Section title={boardsMessages.activityHeading}>
              <ActivityPanel task={task} people={people} timezone={timezone} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Stack gap="lg" component="nav" aria-label={boardsMessages.cardSidePanel} pos="sticky" top={0}>
            {canEdit && (
              <Stack gap={6}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                  {boardsMessages.cardAddHeading}
                </Text>
                <Popover
                  opened={checklistForm}
                  onChange={setChecklistForm}
                  position="left-start"
                  withArrow
                  trapFocus
                  shadow="md"
                >
                  <Popover.Target>
                    <SideButton icon={<IconChecklist size={14} />} onClick={() => setChecklistForm((o) => !o)}>
                      {boardsMessages.cardChecklistButton}
                    </SideButton>
                  </Popover.Target>
                  <Popover.Dropdown>
                    {checklistForm && <ChecklistForm task={task} onDone={() => setChecklistForm(false)} />}
                  </Popover.Dropdown>
                </Popover>
                <FileButton onChange={attach}>
                  {(props) => (
                    <SideButton icon={<IconPaperclip size={14} />} loading={upload.isPending} {...props}>
                      {boardsMessages.cardAttachmentButton}
                    </SideButton>
                  )}
                </FileButton>
              </Stack>
            )}
            <Stack gap={6}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                {boardsMessages.cardActionsHeading}
              </Text>
              <Popover opened={shareOpen} onChange={setShareOpen} position="left-start" withArrow shadow="md" trapFocus>
                <Popover.Target>
                  <SideButton icon={<IconShare size={14} />} onClick={() => setShareOpen((o) => !o)}>
                    {boardsMessages.cardShareButton}
                  </SideButton>
                </Popover.Target>
                <Popover.Dropdown>{shareOpen && <SharePanel task={task} />}</Popover.Dropdown>
              </Popover>
              {canEdit && (
                <>
                  <SideButton icon={<IconArrowsMove size={14} />} onClick={() => setMoving('move')}>
                    {boardsMessages.cardMoveButton}
                  </SideButton>
                  <SideButton icon={<IconCopy size={14} />} onClick={() => setMoving('copy')}>
                    {boardsMessages.cardCopyButton}
                  </SideButton>
                </>
              )}
              {task.permissions.canDelete && (
                <SideButton
                  icon={<IconTrash size={14} />}
                  color="red"
                  onClick={() => {
                    setDeleteError(null);
                    setConfirmDelete(true);
                  }}
                >
                  {boardsMessages.deleteCardButton}
                </SideButton>
              )}
            </Stack>
            <Text size="xs" c="dimmed">
              {messages.taskCreated(formatInstantDay(task.createdAt, timezone))}
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
      <MoveCopyDialog task={task} kind={moving} onClose={() => setMoving(null)} />
      <ConfirmDialog
        opened={confirmDelete}
        title={boardsMessages.deleteCardTitle}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(task, {
            onSuccess: () => {
              setConfirmDelete(false);
              onDeleted();
            },
            onError: (error) => setDeleteError(errorText(error)),
          })
        }
        pending={remove.isPending}
        error={deleteError}
      >
        {boardsMessages.deleteCardWarning}
        {task.repeats && ` ${tasksMessages.repeatDeleteNote}`}
      </ConfirmDialog>
    </Stack>
  );
};

/** What shows under the overlay while the card does not exist yet, or loads. */
const CardSkeleton = () => (
  <Stack gap="md" aria-hidden>
    <Skeleton h={12} w="40%" />
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 9 }}>
        <Stack gap="md">
          <Skeleton h={42} />
          <Skeleton h={20} w="70%" />
          <Skeleton h={60} />
          <Skeleton h={150} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <Stack gap={6}>
          {[1, 2, 3, 4, 5].map((n) => (
            <Skeleton key={n} h={30} />
          ))}
        </Stack>
      </Grid.Col>
    </Grid>
  </Stack>
);

export const CardDialog = ({
  taskId,
  labels,
  people,
  boardId,
  timezone,
  onClose,
  creating = false,
  createFailure = null,
}: {
  taskId: string | null;
  labels: Label[];
  people: PersonSummary[];
  boardId: string;
  timezone: string;
  onClose: () => void;
  /** The card is being created: the dialog opens at once, covered by an overlay until it exists. */
  creating?: boolean;
  /** Creating it failed (nothing was saved): the dialog says why and offers to try again. */
  createFailure?: { error: unknown; onRetry: () => void } | null;
}) => {
  const card = useCard(taskId);
  // Deleted (here or elsewhere: the card reads null), or found gone (404).
  const gone = (card.isSuccess && card.data === null) || (card.error instanceof ApiError && card.error.status === 404);
  // Deleted by someone else while open: the dialog goes (the toast said so).
  useEffect(() => {
    if (gone) onClose();
  }, [gone, onClose]);
  const waiting = taskId === null || card.isPending;

  return (
    <Modal
      opened={cardDialogOpen({ taskId, creating, createFailure })}
      onClose={onClose}
      title={boardsMessages.cardDialogTitle}
      size={960}
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      <Box pos="relative" mih={createFailure ? undefined : 240}>
        <LoadingOverlay
          visible={waiting && !createFailure}
          zIndex={5}
          overlayProps={{ blur: 1, backgroundOpacity: 0.6 }}
          loaderProps={{ 'aria-label': taskId === null ? boardsMessages.cardCreating : messages.loading } as object}
          data-testid="card-overlay"
        />
        {createFailure ? (
          <SectionError
            title={boardsMessages.cardCreateFailed}
            error={createFailure.error}
            onRetry={createFailure.onRetry}
          />
        ) : taskId === null || card.isPending ? (
          <CardSkeleton />
        ) : card.isError ? (
          <SectionError
            title={boardsMessages.cardLoadFailed}
            error={card.error}
            onRetry={() => void card.refetch()}
            retrying={card.isFetching}
          />
        ) : card.data === null ? null : (
          <CardBody
            key={card.data.id}
            task={card.data}
            labels={labels}
            people={people}
            boardId={boardId || null}
            timezone={timezone}
            onDeleted={onClose}
          />
        )}
      </Box>
    </Modal>
  );
};
