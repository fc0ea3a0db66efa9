import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Card,
  ColorSwatch,
  EmptyState,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconCalendarPlus, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { inZone } from '../../../client/lib/dayjs.ts';
import { Link, useNavigate, useSearchParams } from '../../../client/lib/router/index.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { PageNav } from '../../../client/ui/PageNav.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { Segmented } from '../../../client/ui/Segmented.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { MEETING_LIST_PAGE } from '../../../shared/constants.ts';
import { meetingsMessages } from '../meetings.messages.ts';
import type { Meeting } from '../meetings.schemas.ts';
import { MeetingLiveActions } from './components/MeetingLiveActions.tsx';
import { MembersCell, meetingPeople } from './components/MembersCell.tsx';
import { NewMeetingWizard } from './components/NewMeetingWizard.tsx';
import { MeetingFormDialog } from './meetings.dialogs.ts';
import { DATE_TIME_FORMAT, DEFAULT_MEETING_COLOR, dashboardPath } from './meetings.format.ts';
import { useDeleteMeeting } from './meetings.mutations.ts';
import { useMeetingPage, useViewer } from './meetings.queries.ts';
import type { MeetingsListSlots } from './meetings.slots.ts';

// The list pages of document 1 §2: /meetings (types meeting and team) and /accounts (type
// account). Workspace admins see every meeting of the workspace, others their own. The list
// pages on the server (decision 039): sort, search and page live in the address.

type Kind = 'meetings' | 'accounts';
type Sort = 'asc' | 'desc';

const MeetingRow = ({
  meeting,
  timezone,
  onEdit,
  onDelete,
  startButton,
}: {
  meeting: Meeting;
  timezone: string;
  onEdit: (meeting: Meeting) => void;
  onDelete: (meeting: Meeting) => void;
  startButton: MeetingsListSlots['startButton'];
}) => {
  const navigate = useNavigate();
  const path = dashboardPath(meeting);
  const next = meeting.nextSession;
  return (
    <Table.Tr onClick={() => void navigate(path)} style={{ cursor: 'pointer' }} data-meeting-id={meeting.id}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <ColorSwatch color={meeting.color ?? DEFAULT_MEETING_COLOR} size={14} withShadow={false} aria-hidden />
          <Anchor
            component={Link}
            to={path}
            fw={600}
            c="inherit"
            onClick={(event) => event.stopPropagation()}
            aria-label={meetingsMessages.openMeeting(meeting.title)}
          >
            {meeting.title}
          </Anchor>
        </Group>
      </Table.Td>
      <Table.Td>
        <MembersCell people={meetingPeople(meeting)} />
      </Table.Td>
      <Table.Td>
        {next ? (
          <Text size="sm" component="time" dateTime={next.startsAt}>
            {inZone(next.startsAt, timezone).format(DATE_TIME_FORMAT)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {meetingsMessages.notScheduled}
          </Text>
        )}
      </Table.Td>
      <Table.Td onClick={(event) => event.stopPropagation()}>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {meeting.permissions.isParticipant && <MeetingLiveActions meeting={meeting} startButton={startButton} />}
          {meeting.permissions.canEdit && (
            <>
              <Tooltip label={meetingsMessages.editMeeting} withArrow>
                <ActionIcon
                  variant="subtle"
                  aria-label={meetingsMessages.editMeetingNamed(meeting.title)}
                  onClick={() => onEdit(meeting)}
                >
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={meetingsMessages.deleteMeetingTitle} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={meetingsMessages.deleteMeetingNamed(meeting.title)}
                  onClick={() => onDelete(meeting)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
};

const MeetingsList = ({ kind, slots }: { kind: Kind; slots: MeetingsListSlots }) => {
  const viewer = useViewer();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const sort: Sort = searchParams.get('sort') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Math.floor(Number(searchParams.get('page'))) || 1);
  const [search, setSearch] = useState(searchParams.get('q') ?? '');
  const [searched] = useDebouncedValue(search.trim(), 300);
  const setParams = (change: (params: URLSearchParams) => void) =>
    setSearchParams(
      (params) => {
        change(params);
        return params;
      },
      { replace: true },
    );
  // A new search starts at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the search counts
  useEffect(() => {
    if (searched === (searchParams.get('q') ?? '')) return;
    setParams((params) => {
      if (searched) params.set('q', searched);
      else params.delete('q');
      params.delete('page');
    });
  }, [searched]);
  const list = useMeetingPage(viewer.isAdmin ? 'all' : 'mine', {
    kind,
    sort,
    search: searchParams.get('q') ?? '',
    offset: (page - 1) * MEETING_LIST_PAGE.size,
    limit: MEETING_LIST_PAGE.size,
  });
  const [wizardOpen, wizard] = useDisclosure(false);
  const [editing, setEditing] = useState<Meeting | null>(null);
  const [deleting, setDeleting] = useState<Meeting | null>(null);
  const remove = useDeleteMeeting();

  const title = kind === 'accounts' ? meetingsMessages.accountsTitle : meetingsMessages.meetingsTitle;
  const addLabel = kind === 'accounts' ? meetingsMessages.addNewAccount : meetingsMessages.addNewMeeting;
  const meetings = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.ceil(total / MEETING_LIST_PAGE.size);
  const query = searchParams.get('q') ?? '';

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        showSuccess(meetingsMessages.meetingDeleted);
        setDeleting(null);
      },
    });
  };

  let body: React.ReactNode;
  if (list.isPending) body = <SectionLoading />;
  else if (list.isError)
    body = (
      <SectionError
        title={meetingsMessages.meetingsLoadFailed}
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  else if (meetings.length === 0 && query)
    body = (
      <Text c="dimmed" ta="center" py="lg">
        {meetingsMessages.noMeetingsMatch(query)}
      </Text>
    );
  else if (meetings.length === 0)
    body = (
      <EmptyState
        py="xl"
        icon={<IconCalendarPlus size={28} stroke={1.5} />}
        withIndicatorBackground
        title={kind === 'accounts' ? meetingsMessages.noAccountsYet : meetingsMessages.noMeetingsYet}
        description={kind === 'accounts' ? meetingsMessages.noAccountsText : meetingsMessages.noMeetingsText}
      >
        <EmptyState.Actions>
          <Button leftSection={<IconPlus size={16} />} onClick={wizard.open}>
            {addLabel}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={680} type="native">
        <Table highlightOnHover verticalSpacing="sm" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{meetingsMessages.columnName}</Table.Th>
              <Table.Th>{meetingsMessages.columnMembers}</Table.Th>
              <Table.Th>{meetingsMessages.columnNextMeeting}</Table.Th>
              <Table.Th w={100}>
                <VisuallyHidden>{meetingsMessages.columnActions}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {meetings.map((meeting) => (
              <MeetingRow
                key={meeting.id}
                meeting={meeting}
                timezone={viewer.timezone}
                startButton={slots.startButton}
                onEdit={setEditing}
                onDelete={(m) => {
                  remove.reset();
                  setDeleting(m);
                }}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="md" align="center">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Segmented
            size="xs"
            aria-label={meetingsMessages.meetingKinds}
            value={kind}
            onChange={(value) => void navigate(value === 'accounts' ? '/accounts' : '/meetings')}
            data={[
              { value: 'meetings', label: meetingsMessages.meetingsTitle },
              { value: 'accounts', label: meetingsMessages.accountsTitle },
            ]}
          />
        </Group>
        <Group gap="sm">
          <Segmented
            size="xs"
            aria-label={meetingsMessages.sortByName}
            value={sort}
            onChange={(value) =>
              setParams((params) => {
                if (value === 'desc') params.set('sort', 'desc');
                else params.delete('sort');
                params.delete('page');
              })
            }
            data={[
              { value: 'asc', label: meetingsMessages.sortAscending },
              { value: 'desc', label: meetingsMessages.sortDescending },
            ]}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={wizard.open}>
            {addLabel}
          </Button>
        </Group>
      </Group>
      <TextInput
        aria-label={meetingsMessages.searchMeetings}
        placeholder={meetingsMessages.searchMeetings}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={360}
        maxLength={100}
      />
      <Card withBorder padding={0} radius="md">
        <Box p={meetings.length > 0 && list.isSuccess ? 0 : 'md'}>{body}</Box>
      </Card>
      {pages > 1 && (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed">
            {meetingsMessages.shownOfTotal(
              (page - 1) * MEETING_LIST_PAGE.size + 1,
              Math.min(page * MEETING_LIST_PAGE.size, total),
              total,
            )}
          </Text>
          <PageNav
            label={meetingsMessages.meetingPages}
            page={Math.min(page, pages)}
            totalPages={pages}
            onChange={(next) =>
              setParams((params) => {
                if (next > 1) params.set('page', String(next));
                else params.delete('page');
              })
            }
          />
        </Group>
      )}
      <NewMeetingWizard opened={wizardOpen} onClose={wizard.close} type={kind === 'accounts' ? 'account' : 'meeting'} />
      <MeetingFormDialog meeting={editing} opened={editing !== null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={meetingsMessages.deleteMeetingTitle}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
      >
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {deleting?.title}
          </Text>
          <Text size="sm">{meetingsMessages.deleteMeetingWarning}</Text>
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
};

/** The live feature's start button comes as a slot from the route (client/shell/MeetingsListRoute.tsx). */
export const MeetingsPage = ({ slots }: { slots: MeetingsListSlots }) => <MeetingsList kind="meetings" slots={slots} />;
export const AccountsPage = ({ slots }: { slots: MeetingsListSlots }) => <MeetingsList kind="accounts" slots={slots} />;
