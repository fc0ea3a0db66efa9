import { Anchor, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { dayjs } from '../../../../client/lib/dayjs.ts';
import { PageNav } from '../../../../client/ui/PageNav.tsx';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { archivePath } from '../../../../shared/live.ts';
import { messages } from '../../../../shared/messages.ts';
import { type ArchiveSearchParams, useArchiveSearch, useSearchChoices } from '../reports.queries.ts';

// The searchable archive (issue 25): words, a meeting, a date range and a person; the hits link
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
          {messages.archiveSearchTitle}
        </Title>
        <form onSubmit={submit} aria-label={messages.archiveSearchTitle}>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              label={messages.archiveSearchLabel}
              placeholder={messages.archiveSearchPlaceholder}
              value={draft.q}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((d) => ({ ...d, q: value }));
              }}
              maxLength={200}
              style={{ flex: '1 1 16rem' }}
            />
            <Select
              label={messages.archiveSearchMeeting}
              placeholder={messages.archiveSearchAnyMeeting}
              data={choices.data?.meetings ?? []}
              value={draft.meetingId || null}
              onChange={(value) => setDraft((d) => ({ ...d, meetingId: value ?? '' }))}
              clearable
              searchable
              w={200}
            />
            <Select
              label={messages.archiveSearchPerson}
              placeholder={messages.archiveSearchAnyone}
              data={choices.data?.people ?? []}
              value={draft.userId || null}
              onChange={(value) => setDraft((d) => ({ ...d, userId: value ?? '' }))}
              clearable
              searchable
              w={180}
            />
            <TextInput
              type="date"
              label={messages.reportFrom}
              value={draft.dateSince}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((d) => ({ ...d, dateSince: value }));
              }}
            />
            <TextInput
              type="date"
              label={messages.reportUntil}
              value={draft.dateUntil}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((d) => ({ ...d, dateUntil: value }));
              }}
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              {messages.archiveSearchButton}
            </Button>
          </Group>
        </form>
        {search.isPending ? (
          <SectionLoading />
        ) : search.isError ? (
          <SectionError title={messages.archiveSearchFailed} error={search.error} onRetry={() => search.refetch()} />
        ) : search.data.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            {messages.archiveSearchNoHits}
          </Text>
        ) : (
          <>
            <Text size="sm" aria-live="polite">
              {messages.archiveSearchHits(search.data.total)}
            </Text>
            <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} aria-label={messages.archiveSearchTitle}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{messages.archiveSearchMeeting}</Table.Th>
                    <Table.Th>{messages.columnMeetingDate}</Table.Th>
                    <Table.Th>{messages.columnAverageScore}</Table.Th>
                    <Table.Th>{messages.archiveSearchExcerpt}</Table.Th>
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
                      <Table.Td>{hit.avgScore ?? messages.reportNone}</Table.Td>
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
                label={messages.archiveSearchTitle}
              />
            )}
          </>
        )}
      </Stack>
    </Card>
  );
};
