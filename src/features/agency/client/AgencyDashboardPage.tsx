import { Anchor, Badge, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconExternalLink, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from '../../../client/lib/router/index.ts';
import { useSelf } from '../../../client/lib/self.ts';
import { PdfExportMenu } from '../../../client/ui/PdfExportMenu.tsx';
import { PageLoadError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { messages } from '../../../shared/messages.ts';
import { agencyMessages } from '../agency.messages.ts';
import type { AgencyItem } from '../agency.schemas.ts';
import { useAgencyItem } from './agency.queries.ts';
import { ContentMenu } from './components/ContentMenu.tsx';
import { FrameworkBoard } from './components/FrameworkBoard.tsx';
import { useContentActions } from './components/useContentActions.tsx';
import './agency.css';

const BackToCatalogue = () => (
  <Anchor component={Link} to="/agency-tools" size="sm" className="cadence-no-print">
    <Group gap={4} component="span">
      <IconChevronLeft size={14} />
      {agencyMessages.agencyBackToCatalogue}
    </Group>
  </Anchor>
);

/** The framework's values an admin edits, by kind and id. */
const lookupIn = (item: AgencyItem) => (kind: string, id: string) => {
  if (kind === 'items') return item.id === id ? item : undefined;
  if (kind === 'columns') return item.columns.find((column) => column.id === id);
  return item.columns.flatMap((column) => column.questions).find((question) => question.id === id);
};

/** The host of an http(s) link, shown next to it; null for anything else (never a link then). */
const webLink = (url: string | null) => {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.host : null;
  } catch {
    return null;
  }
};

/** The framework's title, description, recap and link, and its toolbar. */
const Heading = ({ item, menu }: { item: AgencyItem; menu: React.ReactNode }) => (
  <Stack gap={6}>
    <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
      <Stack gap={2} miw={0}>
        <Text size="sm" c="gray.7">
          {item.category.title}
        </Text>
        <Group gap="xs">
          <Title order={1} size="h2">
            {item.title}
          </Title>
          {item.hidden && (
            <Badge size="sm" color="gray" variant="outline">
              {agencyMessages.agencyHiddenBadge}
            </Badge>
          )}
          {menu}
        </Group>
      </Stack>
      <Group gap="xs" className="cadence-no-print">
        <PdfExportMenu path={(paper) => `/agency/items/${item.id}/export?paper=${paper}`} fileName="framework.pdf" />
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          {messages.printButton}
        </Button>
      </Group>
    </Group>
    {item.description && <Text size="sm">{item.description}</Text>}
    {item.recap && (
      <Text size="sm" c="gray.7" fs="italic">
        <Text span fw={600} fs="normal">
          {agencyMessages.agencyRecap}:{' '}
        </Text>
        {item.recap}
      </Text>
    )}
    {webLink(item.url) && (
      <Anchor href={item.url!} target="_blank" rel="noopener noreferrer" size="sm">
        <Group gap={4} component="span">
          {agencyMessages.agencyReadMore(item.title)}
          <Text span size="xs" c="gray.7">
            ({webLink(item.url)})
          </Text>
          <IconExternalLink size={14} aria-hidden />
        </Group>
      </Anchor>
    )}
  </Stack>
);

/** /agency-dashboard/{itemId}: one framework, its columns and the workspace's answers. */
export const AgencyDashboardPage = () => {
  const { itemId = '' } = useParams();
  const self = useSelf().data;
  const isAdmin = self?.tenant?.isAdmin === '1';
  const [withHidden, setWithHidden] = useState(false);
  const item = useAgencyItem(itemId, isAdmin && withHidden);
  const data = item.data;
  const { actions, dialogs } = useContentActions({
    isAdmin,
    lookup: (kind, id) => (data ? lookupIn(data)(kind, id) : undefined),
    parents: (data?.columns ?? []).map((column) => ({ value: column.id, label: column.title })),
  });
  if (item.isError)
    return (
      <PageLoadError
        back={<BackToCatalogue />}
        error={item.error}
        notFoundTitle={agencyMessages.agencyItemNotFound}
        failedTitle={messages.agencyLoadFailed}
        onRetry={() => void item.refetch()}
        retrying={item.isFetching}
      />
    );
  if (!data) return <SectionLoading />;
  return (
    <Stack gap="md" className="cadence-printable">
      <BackToCatalogue />
      <Heading
        item={data}
        menu={actions && <ContentMenu kind="items" row={data} title={data.title} actions={actions} />}
      />
      {isAdmin && (
        <Switch
          className="cadence-no-print"
          label={agencyMessages.agencyShowHidden}
          checked={withHidden}
          onChange={(event) => setWithHidden(event.currentTarget.checked)}
        />
      )}
      <FrameworkBoard item={data} viewerId={self?.user.id ?? null} actions={actions} />
      {dialogs}
    </Stack>
  );
};
