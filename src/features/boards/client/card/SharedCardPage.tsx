import {
  Badge,
  Button,
  Center,
  ColorSwatch,
  Container,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCalendarRepeat, IconLinkOff, IconSquare, IconSquareCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ApiError } from '../../../../client/lib/api.ts';
import { browserTimezone } from '../../../../client/lib/moments.ts';
import { useParams } from '../../../../client/lib/router/index.ts';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { SafeHtml } from '../../../../client/ui/SafeHtml.tsx';
import { messages } from '../../../../shared/messages.ts';
import { fullName } from '../../../../shared/person.ts';
import { hasDueDate, OVERDUE, statusName, TASK_TYPE_NAMES } from '../../../../shared/tasks.ts';
import { formatDay, formatInstantDay } from '../../../tasks/client/tasks.format.ts';
import type { TaskPreview } from '../../../tasks/tasks.schemas.ts';
import { boardsMessages } from '../../boards.messages.ts';
import { useTaskPreview } from '../card.queries.ts';

// /task-preview/{token} (document 1 §2, document 2 §2): the one shared card, read-only, for
// anyone with the link, signed in or not. It shows only what the preview call gives (no ids of
// the workspace). A revoked or unknown link gets a clear not-found page.

const Frame = ({ children }: { children: ReactNode }) => (
  <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
    <Container size={720} w="100%" px={0}>
      <Stack gap="lg" component="main">
        <Group gap={8} justify="center">
          <ThemeIcon size={30} radius="md" variant="filled" aria-hidden>
            <IconCalendarRepeat size={18} stroke={2} />
          </ThemeIcon>
          <Text fw={700} fz={20}>
            {messages.productName}
          </Text>
        </Group>
        {children}
      </Stack>
    </Container>
  </Center>
);

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={4}>
    <Text size="xs" fw={700} c="dimmed" tt="uppercase">
      {label}
    </Text>
    {children}
  </Stack>
);

const SharedCard = ({ card }: { card: TaskPreview }) => {
  // The browser's own time zone: the page has no signed-in user to take one from.
  const zone = browserTimezone();
  const done = card.status === '1';
  const dateLine =
    done && card.completedAt
      ? messages.taskCompleted(formatInstantDay(card.completedAt, zone))
      : hasDueDate(card.type) && card.dueDate
        ? messages.taskDue(formatDay(card.dueDate))
        : messages.taskCreated(formatInstantDay(card.createdAt, zone));
  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={8}>
          <Group gap="xs">
            <Badge variant="light" color="gray" size="sm">
              {boardsMessages.previewBadge}
            </Badge>
            <Badge variant="light" size="sm">
              {TASK_TYPE_NAMES[card.type]}
            </Badge>
            <Badge
              variant="filled"
              size="sm"
              color={done ? 'teal' : card.shownStatus === OVERDUE ? 'red' : 'blue'}
              data-testid="preview-status"
            >
              {statusName(card.type, card.shownStatus)}
            </Badge>
          </Group>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {card.title}
          </Title>
          <Text size="sm" c="dimmed">
            {dateLine}
          </Text>
        </Stack>
        <Group gap="xl" align="flex-start">
          {card.owner && (
            <Field label={boardsMessages.previewOwner}>
              <Text size="sm">{fullName(card.owner)}</Text>
            </Field>
          )}
          {card.members.length > 0 && (
            <Field label={boardsMessages.previewMembers}>
              <Text size="sm">{card.members.map(fullName).join(', ')}</Text>
            </Field>
          )}
          {card.labels.length > 0 && (
            <Field label={boardsMessages.previewLabels}>
              <Group gap={6}>
                {card.labels.map((label, index) => (
                  <Badge
                    // biome-ignore lint/suspicious/noArrayIndexKey: the preview carries no ids and never reorders
                    key={`${index}-${label.color}`}
                    variant="light"
                    color="gray"
                    leftSection={<ColorSwatch color={label.color} size={10} />}
                  >
                    {label.name || label.color}
                  </Badge>
                ))}
              </Group>
            </Field>
          )}
        </Group>
        <Field label={boardsMessages.previewDescription}>
          {card.description ? (
            <SafeHtml html={card.description} fz="sm" data-testid="preview-description" />
          ) : (
            <Text size="sm" c="dimmed">
              {boardsMessages.previewNoDescription}
            </Text>
          )}
        </Field>
        {card.checklists.map((checklist, index) => (
          <Field
            // biome-ignore lint/suspicious/noArrayIndexKey: the preview carries no ids and never reorders
            key={`${index}-${checklist.title}`}
            label={checklist.title}
          >
            <Group gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed" w={36}>
                {checklist.progress}%
              </Text>
              <Progress
                value={checklist.progress}
                flex={1}
                aria-label={boardsMessages.checklistProgressOf(checklist.title)}
              />
            </Group>
            {/* Read-only: a list with marks, not checkboxes (which would toggle on a click). */}
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {checklist.items.map((item, itemIndex) => {
                const ticked = item.status !== '0';
                const Mark = ticked ? IconSquareCheck : IconSquare;
                return (
                  <Group
                    // biome-ignore lint/suspicious/noArrayIndexKey: the preview carries no ids and never reorders
                    key={`${itemIndex}-${item.title}`}
                    component="li"
                    gap={6}
                    wrap="nowrap"
                    data-done={ticked}
                  >
                    <Mark
                      size={16}
                      aria-hidden
                      color={ticked ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-dimmed)'}
                      style={{ flex: 'none' }}
                    />
                    <Text size="sm" td={ticked ? 'line-through' : undefined}>
                      <VisuallyHidden>
                        {ticked ? boardsMessages.previewItemDone : boardsMessages.previewItemOpen}
                      </VisuallyHidden>
                      {item.title}
                    </Text>
                  </Group>
                );
              })}
            </Stack>
          </Field>
        ))}
        <Text size="xs" c="dimmed" ta="center">
          {boardsMessages.previewFooter}
        </Text>
      </Stack>
    </Paper>
  );
};

export const SharedCardPage = () => {
  const { token = '' } = useParams();
  const preview = useTaskPreview(token);
  if (preview.isPending)
    return (
      <Frame>
        <Center py="xl">
          <Loader aria-label={messages.loading} />
        </Center>
      </Frame>
    );
  if (preview.isError) {
    const notFound = preview.error instanceof ApiError && [400, 404].includes(preview.error.status);
    return (
      <Frame>
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" ta="center" gap="sm">
            <ThemeIcon size={48} radius="xl" variant="light" color={notFound ? 'gray' : 'red'} aria-hidden>
              <IconLinkOff size={26} />
            </ThemeIcon>
            <Title order={1} size="h3">
              {notFound ? boardsMessages.previewNotFoundTitle : boardsMessages.previewLoadFailed}
            </Title>
            <Text size="sm" c="dimmed" maw={440}>
              {notFound ? boardsMessages.previewNotFoundText : errorText(preview.error)}
            </Text>
            {!notFound && (
              <Button variant="light" onClick={() => void preview.refetch()} loading={preview.isFetching}>
                {messages.retry}
              </Button>
            )}
          </Stack>
        </Paper>
      </Frame>
    );
  }
  return (
    <Frame>
      <SharedCard card={preview.data} />
    </Frame>
  );
};
