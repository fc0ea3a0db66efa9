import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../../client/lib/api.ts';
import { messages } from '../../../../shared/messages.ts';
import { meetingsMessages } from '../../meetings.messages.ts';

// The framework an agency_framework agenda item shows in the live meeting (decision
// 053), searched by title. Read by URL under the agency feature's query keys, as the board fields
// do: the meetings feature does not import agency tools (the live step does).

type Framework = { id: string; title: string; categoryTitle: string };
type Page = { items: Framework[]; total: number; offset: number };

export const AgendaFrameworkField = ({
  agencyItemId,
  title,
  onChange,
}: {
  agencyItemId: string | null;
  title: string;
  onChange: (patch: { agencyItemId: string | null }) => void;
}) => {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 250);
  const frameworks = useQuery({
    queryKey: ['agency', 'frameworks', query],
    queryFn: ({ signal }) =>
      api.get<Page>(`/agency/frameworks?limit=100${query ? `&search=${encodeURIComponent(query)}` : ''}`, {
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
  // The chosen one stays listed while another search is shown.
  const [chosen, setChosen] = useState<Framework | null>(null);
  const items = frameworks.data?.items ?? [];
  const listed = chosen && !items.some((f) => f.id === chosen.id) ? [chosen, ...items] : items;
  return (
    <Select
      size="xs"
      maw={320}
      searchable
      clearable
      aria-label={`${meetingsMessages.agendaAgencyItem}: ${title}`}
      placeholder={frameworks.isError ? messages.agencyLoadFailed : meetingsMessages.agendaAgencyPick}
      data={listed.map((f) => ({ value: f.id, label: `${f.title} · ${f.categoryTitle}` }))}
      value={agencyItemId}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onChange={(value) => {
        setChosen(listed.find((f) => f.id === value) ?? null);
        onChange({ agencyItemId: value });
      }}
      nothingFoundMessage={messages.agencyEmpty}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
