import { Anchor, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { dayjs } from '../../../../client/lib/dayjs.ts';
import { Link } from '../../../../client/lib/router/index.ts';
import { PageNav } from '../../../../client/ui/PageNav.tsx';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { archivePath } from '../../../../shared/live.ts';
import { messages } from '../../../../shared/messages.ts';
import { reportsMessages } from '../../reports.messages.ts';
import { type ArchiveSearchParams, useArchiveSearch, useSearchChoices } from '../reports.queries.ts';

// The searchable archive: words, a meeting, a date range and a person; the hits link
// to /meeting-archives/{id}. The matched words come back between « and » and show in bold.

const PAGE = 20;

/** The excerpt with the matched words in bold (the server marks them «…»; nothing is HTML). */
const Excerpt = ({ text }: { text: string }) => (
  <Text size="sm" c="dimmed">
    {text.split(/(«[^»]*»)/).map((part, index) =>
      part.startsWith('«') ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
        <Text key={index} span fw={700} c="dark">
          {part.slice(1, -1)}
        </Text>
      ) : (
        part
      ),
    )}
  </Text>
);

export const ArchiveSearch = () => {
  const [draft, setDraft] = useState({ q: '', meetingId: '', userId: '', dateSince: '', dateUntil: '' });
  const [params, setParams] = useState<ArchiveSearchParams>({ q: '', offset: 0, limit: PAGE });
  const search = useArchiveSearch(params);
  const choices = useSearchChoices();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams({
      q: draft.q.trim(),
      meetingId: draft.meetingId || undefined,
      userId: draft.userId || undefined,
      dateSince: draft.dateSince || undefined,
      dateUntil: draft.dateUntil || undefined,
      offset: 0,
      limit: PAGE,
    });
  };
  const page = Math.floor(params.offset / PAGE) + 1;
  const totalPages = Math.max(1, Math.ceil((search.data?.total ?? 0) / PAGE));
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {reportsMessages.archiveSearchTitle}
        </Title>
        <form onSubmit={submit} aria-label={reportsMessages.archiveSearchTitle}>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              label={reportsMessages.archiveSearchLabel}
              placeholder={reportsMessages.archiveSearchPlaceholder}
              value={draft.q}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((d) => ({ ...d, q: value }));
              }}
              maxLength={200}
              style={{ flex: '1 1 16rem' }}
            />
            <Select
              label={reportsMessages.archiveSearchMeeting}
              placeholder={reportsMessages.archiveSearchAnyMeeting}
              data={choices.data?.meetings ?? []}
              value={draft.meetingId || null}
              onChange={(value) => setDraft((d) => ({ ...d, meetingId: value ?? '' }))}
              clearable
              searchable
              w={200}
            />
            <Select
              label={reportsMessages.archiveSearchPerson}
              placeholder={reportsMessages.archiveSearchAnyone}
              data={choices.data?.people ?? []}
              value={draft.userId || null}
              onChange={(value) => setDraft((d) => ({ ...d, userId: value ?? '' }))}
              clearable
              searchable
              w={180}
            />
            <TextInput
              type="date"
              label={reportsMessages.reportFrom}
              value={draft.dateSince}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((d) => ({ ...d, dateSince: value }));
              }}
            />
            <TextInput
              type="date"
              label={reportsMessages.reportUntil}
              value={draft.dateUntil}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((d) => ({ ...d, dateUntil: value }));
              }}
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              {reportsMessages.archiveSearchButton}
            </Button>
          </Group>
        </form>
        {search.isPending ? (
          <SectionLoading />
        ) : search.isError ? (
          <SectionError
            title={reportsMessages.archiveSearchFailed}
            error={search.error}
            onRetry={() => search.refetch()}
          />
        ) : search.data.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            {reportsMessages.archiveSearchNoHits}
          </Text>
        ) : (
          <>
            <Text size="sm" aria-live="polite">
              {reportsMessages.archiveSearchHits(search.data.total)}
            </Text>
            <Table.ScrollContainer
              minWidth={560}
              type="native"
              tabIndex={0}
              aria-label={reportsMessages.archiveSearchTitle}
            >
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{reportsMessages.archiveSearchMeeting}</Table.Th>
                    <Table.Th>{messages.columnMeetingDate}</Table.Th>
                    <Table.Th>{messages.columnAverageScore}</Table.Th>
                    <Table.Th>{reportsMessages.archiveSearchExcerpt}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {search.data.items.map((hit) => (
                    <Table.Tr key={hit.id}>
                      <Table.Td>
                        <Anchor component={Link} to={archivePath(hit.id)} size="sm">
                          {hit.meetingTitle}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{dayjs(hit.meetingDate).format('MMM D, YYYY')}</Table.Td>
                      <Table.Td>{hit.avgScore ?? reportsMessages.reportNone}</Table.Td>
                      <Table.Td>
                        <Excerpt text={hit.excerpt} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {totalPages > 1 && (
              <PageNav
                page={page}
                totalPages={totalPages}
                onChange={(next) => setParams((p) => ({ ...p, offset: (next - 1) * PAGE }))}
                label={reportsMessages.archiveSearchTitle}
              />
            )}
          </>
        )}
      </Stack>
    </Card>
  );
};
