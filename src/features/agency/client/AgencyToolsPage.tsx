import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../client/lib/router/index.ts';
import { useSelf } from '../../../client/lib/self.ts';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { AGENCY_PREVIEW_ITEMS, DIALOG_CLOSE_DELAY_MS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { agencyMessages } from '../agency.messages.ts';
import type { AgencyCategory, AgencyItemsPage } from '../agency.schemas.ts';
import { AgencyIconView } from './agency.icons.tsx';
import { agencyKeys, useCategories, useCategoryItems } from './agency.queries.ts';
import { type ContentActions, ContentMenu } from './components/ContentMenu.tsx';
import { useContentActions } from './components/useContentActions.tsx';
import './agency.css';

/** document 3 §2: the agency description info dialog. */
const InfoDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title={agencyMessages.agencyInfoTitle}
    centered
    transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
  >
    <Stack gap="md">
      <Text size="sm">{agencyMessages.agencyInfoText}</Text>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {agencyMessages.agencyInfoClose}
        </Button>
      </Group>
    </Stack>
  </Modal>
);

const CategoryCard = ({
  category,
  withHidden,
  actions,
}: {
  category: AgencyCategory;
  withHidden: boolean;
  actions: ContentActions | null;
}) => {
  // document 3 §9: two items until Show All, which reads the rest from the server.
  const [all, setAll] = useState(false);
  const more = useCategoryItems(category.id, withHidden, all);
  const items = all && more.data ? more.data.items : category.items;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={category.title}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ThemeIcon size={44} radius="xl" color={category.color} variant="light">
              <AgencyIconView name={category.avatar} size={24} />
            </ThemeIcon>
            <Stack gap={2} miw={0}>
              <Title order={2} size="h4">
                {category.title}
              </Title>
              <Group gap={4}>
                {category.hidden && (
                  <Badge size="xs" color="gray" variant="outline">
                    {agencyMessages.agencyHiddenBadge}
                  </Badge>
                )}
                {!category.shipped && (
                  <Badge size="xs" color={category.color} variant="light">
                    {agencyMessages.agencyOwnBadge}
                  </Badge>
                )}
              </Group>
            </Stack>
          </Group>
          {actions && <ContentMenu kind="categories" row={category} title={category.title} actions={actions} />}
        </Group>
        <Text size="sm" c="gray.7">
          {category.description}
        </Text>
        <Stack gap={8} component="ul" m={0} p={0} style={{ listStyle: 'none' }} className="agency-category-items">
          {items.map((item) => (
            <Group component="li" key={item.id} justify="space-between" wrap="nowrap" align="flex-start" gap={4}>
              <Stack gap={0} miw={0}>
                <Anchor component={Link} to={`/agency-dashboard/${item.id}`} fw={600} size="sm">
                  {item.title}
                </Anchor>
                <Text size="xs" c="gray.7" lineClamp={2}>
                  {item.description}
                </Text>
              </Stack>
              <Group gap={2} wrap="nowrap">
                {item.hidden && (
                  <Badge size="xs" color="gray" variant="outline">
                    {agencyMessages.agencyHiddenBadge}
                  </Badge>
                )}
                {actions && <ContentMenu kind="items" row={item} title={item.title} actions={actions} small />}
              </Group>
            </Group>
          ))}
          {items.length === 0 && (
            <Text component="li" size="sm" c="gray.7">
              {agencyMessages.agencyCategoryEmpty}
            </Text>
          )}
        </Stack>
        {more.isError && (
          <SectionError
            title={messages.agencyLoadFailed}
            error={more.error}
            onRetry={() => void more.refetch()}
            retrying={more.isFetching}
          />
        )}
        <Group justify="space-between" mt="auto" gap="xs">
          {category.itemsTotal > AGENCY_PREVIEW_ITEMS ? (
            <Button variant="subtle" size="compact-sm" loading={all && more.isPending} onClick={() => setAll(!all)}>
              {all ? agencyMessages.agencyShowLess : agencyMessages.agencyShowAll(category.itemsTotal)}
            </Button>
          ) : (
            <span />
          )}
          {category.buttonItemId && (
            <Button component={Link} to={`/agency-dashboard/${category.buttonItemId}`} color={category.color}>
              {category.buttonTitle}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
};

/** /agency-tools: the catalogue (document 3 §2). */
export const AgencyToolsPage = () => {
  const isAdmin = useSelf().data?.tenant?.isAdmin === '1';
  const [withHidden, setWithHidden] = useState(false);
  const [info, setInfo] = useState(false);
  const categories = useCategories(isAdmin && withHidden);
  const queryClient = useQueryClient();
  const list = categories.data?.items ?? [];
  const { actions, dialogs, addCategory } = useContentActions({
    isAdmin,
    lookup: (kind, id) =>
      kind === 'categories'
        ? list.find((category) => category.id === id)
        : [
            ...list.flatMap((category) => category.items),
            // The frameworks Show All read.
            ...queryClient
              .getQueriesData<AgencyItemsPage>({ queryKey: agencyKeys.allCategoryItems })
              .flatMap(([, page]) => page?.items ?? []),
          ].find((item) => item.id === id),
  });
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Title order={1} size="h2">
            {agencyMessages.agencyTitle}
          </Title>
          <Tooltip label={agencyMessages.agencyInfoButton}>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={agencyMessages.agencyInfoButton}
              onClick={() => setInfo(true)}
            >
              <IconInfoCircle size={22} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {isAdmin && (
          <Group gap="sm">
            <Switch
              label={agencyMessages.agencyShowHidden}
              checked={withHidden}
              onChange={(event) => setWithHidden(event.currentTarget.checked)}
            />
            <Button leftSection={<IconPlus size={16} />} onClick={addCategory}>
              {agencyMessages.agencyAddCategory}
            </Button>
          </Group>
        )}
      </Group>
      {categories.isPending ? (
        <SectionLoading />
      ) : categories.isError ? (
        <SectionError
          title={messages.agencyLoadFailed}
          error={categories.error}
          onRetry={() => void categories.refetch()}
          retrying={categories.isFetching}
        />
      ) : list.length === 0 ? (
        <Text c="gray.7">{messages.agencyEmpty}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
          {list.map((category) => (
            <CategoryCard key={category.id} category={category} withHidden={isAdmin && withHidden} actions={actions} />
          ))}
        </SimpleGrid>
      )}
      <InfoDialog opened={info} onClose={() => setInfo(false)} />
      {dialogs}
    </Stack>
  );
};
