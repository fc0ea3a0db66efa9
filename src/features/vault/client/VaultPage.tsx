import {
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Modal,
  NavLink,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from '../../../client/lib/router/index.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { PageNav } from '../../../client/ui/PageNav.tsx';
import { PageLoadError, SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { Segmented } from '../../../client/ui/Segmented.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { DIALOG_CLOSE_DELAY_MS, VAULT_LIMITS, VAULT_PAGE } from '../../../shared/constants.ts';
import { dashboardPath } from '../../meetings/client/meetings.format.ts';
import { useMeeting, useMeetingRoom, useSimpleMeetings, useViewer } from '../../meetings/client/meetings.queries.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import { useGroups } from '../../people/client/people.queries.ts';
import { vaultMessages } from '../vault.messages.ts';
import type { VaultEntry } from '../vault.schemas.ts';
import { AuditList } from './AuditList.tsx';
import { EntriesTable, type EntriesViewProps } from './EntriesTable.tsx';
import { EntryCards } from './EntryCards.tsx';
import { EntryFormDialog } from './EntryFormDialog.tsx';
import { type FolderSelection, FoldersPanel } from './FoldersPanel.tsx';
import { useRevealedPasswords } from './useRevealedPasswords.ts';
import { useDeleteEntry, useVaultEntries, useVaultFolders } from './vault.queries.ts';

// The Password Vault (document 3 §2, /passwords/{meetingId}): folders beside a table of the
// meeting's passwords, sorted A-Z / Z-A, searchable, filtered by group. /passwords without a
// meeting lets the user pick one (and shows admins the whole workspace's vault activity).

const MeetingPicker = () => {
  const meetings = useSimpleMeetings();
  const viewer = useViewer();
  return (
    <Stack gap="xl">
      <MeetingList meetings={meetings} />
      {/* Admins: every meeting's vault activity, the rows of deleted meetings included (decision 063). */}
      {viewer.isAdmin && (
        <AuditList
          source={{ kind: 'workspace' }}
          timezone={viewer.timezone}
          heading={{
            title: vaultMessages.vaultWorkspaceActivity,
            hint: vaultMessages.vaultWorkspaceActivityHint,
            order: 2,
          }}
          framed
        />
      )}
    </Stack>
  );
};

const MeetingList = ({ meetings }: { meetings: ReturnType<typeof useSimpleMeetings> }) => {
  return (
    <Stack gap="md" maw={560}>
      <Title order={1} size="h2">
        {vaultMessages.vaultTitle}
      </Title>
      <Text size="sm">{vaultMessages.vaultPickMeeting}</Text>
      {meetings.isPending ? (
        <SectionLoading />
      ) : meetings.isError ? (
        <SectionError
          title={vaultMessages.vaultLoadFailed}
          error={meetings.error}
          onRetry={() => void meetings.refetch()}
          retrying={meetings.isFetching}
        />
      ) : meetings.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {vaultMessages.vaultNoMeetings}
        </Text>
      ) : (
        <Card withBorder padding="xs" radius="md" component="nav" aria-label={vaultMessages.vaultMeetingLabel}>
          {meetings.data.map((meeting) => (
            <NavLink key={meeting.id} component={Link} to={`/passwords/${meeting.id}`} label={meeting.title} />
          ))}
        </Card>
      )}
    </Stack>
  );
};

const Vault = ({ meeting }: { meeting: Meeting }) => {
  const meetingId = meeting.id;
  const viewer = useViewer();
  const [folderId, setFolderId] = useState<FolderSelection>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [sort, setSort] = useState<'asc' | 'desc'>('asc');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(0);
  const filters = { search: debouncedSearch, groupId, folderId, sort, page };
  // A new filter starts at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger
  useEffect(() => setPage(0), [debouncedSearch, groupId, folderId, sort]);
  const entries = useVaultEntries(meetingId, filters);
  const folders = useVaultFolders(meetingId);
  const groups = useGroups();
  const [editing, setEditing] = useState<{ entry: VaultEntry | null } | null>(null);
  const [deleting, setDeleting] = useState<VaultEntry | null>(null);
  const [history, setHistory] = useState<VaultEntry | null>(null);
  const [activityPerson, setActivityPerson] = useState<string | null>(null);
  const remove = useDeleteEntry(meetingId);
  // A phone shows cards: a table's Reveal and Copy would sit behind a sideways scroll.
  const phone = useMediaQuery(`(max-width: ${useMantineTheme().breakpoints.sm})`);
  const items = entries.data?.items ?? [];
  const secrets = useRevealedPasswords(items);

  const groupNames = useMemo(
    () => new Map((groups.data?.groups ?? []).map((group) => [group.id, group.name])),
    [groups.data],
  );
  const folderList = folders.data?.items ?? [];
  const folderNames = useMemo(() => new Map(folderList.map((folder) => [folder.id, folder.name])), [folderList]);

  if (entries.isError && !entries.data)
    return (
      <PageLoadError
        back={<BackLink meeting={meeting} />}
        error={entries.error}
        notFoundTitle={vaultMessages.vaultNotFound}
        failedTitle={vaultMessages.vaultLoadFailed}
        onRetry={() => void entries.refetch()}
        retrying={entries.isFetching}
      />
    );

  const canManage = entries.data?.canManage ?? false;
  const filtered = Boolean(debouncedSearch || groupId || folderId);
  const totalPages = Math.ceil((entries.data?.total ?? 0) / VAULT_PAGE.default);

  const viewProps = (): EntriesViewProps => ({
    entries: items,
    groupNames,
    folderNames,
    revealed: secrets.revealed,
    busyId: secrets.busyId,
    canReadAudit: canManage,
    onReveal: secrets.reveal,
    onHide: secrets.hide,
    onCopy: secrets.copy,
    onEdit: (entry) => setEditing({ entry }),
    onDelete: (entry) => {
      remove.reset();
      setDeleting(entry);
    },
    onHistory: setHistory,
  });

  const table = entries.isPending ? (
    <SectionLoading />
  ) : items.length === 0 ? (
    <Text size="sm" c="dimmed" py="md">
      {filtered ? vaultMessages.vaultEmptyFiltered : vaultMessages.vaultEmpty}
    </Text>
  ) : phone ? (
    <EntryCards {...viewProps()} />
  ) : (
    <EntriesTable {...viewProps()} />
  );

  const passwords = (
    <div className="cadence-vault-grid">
      <Card withBorder radius="md" padding="sm">
        {folders.isError ? (
          <SectionError
            title={vaultMessages.vaultLoadFailed}
            error={folders.error}
            onRetry={() => void folders.refetch()}
            retrying={folders.isFetching}
          />
        ) : (
          <FoldersPanel
            meetingId={meetingId}
            folders={folderList}
            canManage={canManage}
            selected={folderId}
            onSelect={setFolderId}
          />
        )}
      </Card>
      <Card withBorder radius="md" padding="md" miw={0}>
        <Stack gap="sm">
          <Group gap="sm" align="flex-end">
            <TextInput
              label={vaultMessages.vaultSearch}
              leftSection={<IconSearch size={16} />}
              value={search}
              maxLength={VAULT_LIMITS.search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              flex="1 1 200px"
            />
            <Select
              label={vaultMessages.vaultFilterGroup}
              placeholder={vaultMessages.vaultAllGroups}
              data={(groups.data?.groups ?? []).map((group) => ({ value: group.id, label: group.name }))}
              value={groupId}
              onChange={setGroupId}
              clearable
              w={180}
            />
            <Stack gap={2}>
              <Text size="sm" fw={500} id="vault-sort">
                {vaultMessages.vaultSort}
              </Text>
              <Segmented
                aria-labelledby="vault-sort"
                value={sort}
                onChange={(value) => setSort(value === 'desc' ? 'desc' : 'asc')}
                data={[
                  { value: 'asc', label: vaultMessages.vaultSortAz },
                  { value: 'desc', label: vaultMessages.vaultSortZa },
                ]}
              />
            </Stack>
            {canManage && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ entry: null })}>
                {vaultMessages.vaultAddNew}
              </Button>
            )}
          </Group>
          {table}
          {totalPages > 1 && (
            <PageNav
              page={page + 1}
              totalPages={totalPages}
              onChange={(n) => setPage(n - 1)}
              label={vaultMessages.vaultTitle}
            />
          )}
        </Stack>
      </Card>
    </div>
  );

  return (
    <Stack gap="lg">
      <BackLink meeting={meeting} />
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {vaultMessages.vaultOf(meeting.title)}
      </Title>
      {canManage ? (
        <Tabs defaultValue="passwords" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="passwords">{vaultMessages.vaultPasswordsTab}</Tabs.Tab>
            <Tabs.Tab value="activity">{vaultMessages.vaultActivity}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="passwords">{passwords}</Tabs.Panel>
          <Tabs.Panel value="activity">
            <Card withBorder radius="md" padding="md">
              <Stack gap="sm">
                <Select
                  label={vaultMessages.vaultActivityPerson}
                  placeholder={vaultMessages.vaultActivityEveryone}
                  data={[...meeting.administrators, ...meeting.members]
                    .filter((person, index, all) => all.findIndex((p) => p.id === person.id) === index)
                    .map((person) => ({ value: person.id, label: `${person.firstName} ${person.lastName}` }))}
                  value={activityPerson}
                  onChange={setActivityPerson}
                  clearable
                  searchable
                  w={{ base: '100%', xs: 260 }}
                />
                <AuditList source={{ kind: 'meeting', meetingId, userId: activityPerson }} timezone={viewer.timezone} />
              </Stack>
            </Card>
          </Tabs.Panel>
        </Tabs>
      ) : (
        passwords
      )}
      <EntryFormDialog
        opened={editing !== null}
        meeting={meeting}
        entry={editing?.entry ?? null}
        folders={folderList}
        folderId={folderId === 'none' ? null : folderId}
        onClose={() => setEditing(null)}
        key={editing?.entry?.id ?? 'new'}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={vaultMessages.vaultDeleteTitle(deleting?.account ?? '')}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showSuccess(vaultMessages.vaultDeleted);
              setDeleting(null);
            },
          })
        }
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
      >
        {vaultMessages.vaultDeleteWarning}
      </ConfirmDialog>
      <Modal
        opened={history !== null}
        onClose={() => setHistory(null)}
        title={vaultMessages.vaultHistoryOf(history?.account ?? '')}
        centered
        size="xl"
        transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
      >
        {history && (
          <AuditList source={{ kind: 'meeting', meetingId, entryId: history.id }} timezone={viewer.timezone} />
        )}
      </Modal>
    </Stack>
  );
};

const BackLink = ({ meeting }: { meeting: Meeting }) => (
  <Anchor component={Link} to={dashboardPath(meeting)} size="sm">
    <Group gap={4}>
      <IconArrowLeft size={14} aria-hidden />
      {meeting.title}
    </Group>
  </Anchor>
);

export const VaultPage = () => {
  const { meetingId = '' } = useParams();
  const meeting = useMeeting(meetingId, meetingId !== '');
  useMeetingRoom(meetingId);
  if (!meetingId) return <MeetingPicker />;
  if (meeting.isPending) return <SectionLoading />;
  // Not there, or no longer the caller's (taken off the meeting while the page was open).
  if (meeting.isError)
    return (
      <PageLoadError
        back={
          <Anchor component={Link} to="/passwords" size="sm">
            {vaultMessages.vaultTitle}
          </Anchor>
        }
        error={meeting.error}
        notFoundTitle={vaultMessages.vaultNotFound}
        failedTitle={vaultMessages.vaultLoadFailed}
        onRetry={() => void meeting.refetch()}
        retrying={meeting.isFetching}
      />
    );
  return (
    <Box>
      <Vault meeting={meeting.data} key={meeting.data.id} />
    </Box>
  );
};
