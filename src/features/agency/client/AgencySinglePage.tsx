import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconChevronLeft } from '@tabler/icons-react';
import { Link, useParams } from '../../../client/lib/router/index.ts';
import { useSelf } from '../../../client/lib/self.ts';
import { PageLoadError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { messages } from '../../../shared/messages.ts';
import { agencyMessages } from '../agency.messages.ts';
import { useAgencyColumn } from './agency.queries.ts';
import { ColumnCard } from './components/ColumnCard.tsx';
import './agency.css';

/** /agency-single/{columnId}: one column full width, with the columns before and after it. */
export const AgencySinglePage = () => {
  const { columnId = '' } = useParams();
  const self = useSelf().data;
  const single = useAgencyColumn(columnId);
  if (single.isError)
    return (
      <PageLoadError
        back={
          <Anchor component={Link} to="/agency-tools" size="sm">
            {agencyMessages.agencyBackToCatalogue}
          </Anchor>
        }
        error={single.error}
        notFoundTitle={agencyMessages.agencyColumnNotFound}
        failedTitle={messages.agencyLoadFailed}
        onRetry={() => void single.refetch()}
        retrying={single.isFetching}
      />
    );
  if (!single.data) return <SectionLoading />;
  const { item, column, parent, children } = single.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/agency-dashboard/${item.id}`} size="sm">
        <Group gap={4} component="span">
          <IconChevronLeft size={14} />
          {agencyMessages.agencyBackToItem(item.title)}
        </Group>
      </Anchor>
      <Text size="sm" c="gray.7">
        {item.categoryTitle} · {item.title}
      </Text>
      <ColumnCard
        column={column}
        parentTitle={parent?.title ?? null}
        viewerId={self?.user.id ?? null}
        actions={null}
        single
      />
      {(parent || children.length > 0) && (
        <Group gap="md" wrap="wrap" component="nav" aria-label={item.title}>
          {parent && (
            <Anchor component={Link} to={`/agency-single/${parent.id}`} size="sm">
              {agencyMessages.agencyFollows(parent.title)}
            </Anchor>
          )}
          {children.map((child) => (
            <Anchor key={child.id} component={Link} to={`/agency-single/${child.id}`} size="sm">
              <Group gap={4} component="span">
                {agencyMessages.agencyLeadsTo}
                <IconArrowRight size={14} />
                {child.title}
              </Group>
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
};
