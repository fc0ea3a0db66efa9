import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { inZone } from '../../../client/lib/dayjs.ts';
import { Link, useNavigate } from '../../../client/lib/router/index.ts';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { NOTIFICATION_STATUS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { notificationsMessages } from '../notifications.messages.ts';
import type { Notification } from '../notifications.schemas.ts';
import { BellIndicator, bellButtonProps } from './BellButton.tsx';
import { useMarkAllRead, useNotifications, useShowAllRead, useUnreadCount } from './notifications.queries.ts';

const isUnread = (n: Notification) => n.status !== NOTIFICATION_STATUS.read;

/**
 * The top bar's bell (document 1 §2): the unread count; opening it shows the newest
 * notifications and marks them all read on the server. Entries keep their "unread" look until
 * the user chooses "Mark all read" or opens one, so what is new stays visible. `defaultOpened`:
 * the bell was pressed before this code arrived (the shell loads it after the first paint).
 */
export const NotificationBell = ({
  timezone,
  defaultOpened = false,
}: {
  timezone: string;
  defaultOpened?: boolean;
}) => {
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount();
  const list = useNotifications(opened);
  const markAllRead = useMarkAllRead();
  const showAllRead = useShowAllRead();
  const navigate = useNavigate();
  const count = unread.data ?? 0;

  const open = (next: boolean) => {
    setOpened(next);
    if (next && count > 0) markAllRead.mutate();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once, as the press asked
  useEffect(() => {
    if (defaultOpened) open(true);
  }, []);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const follow = (n: Notification) => {
    setOpened(false);
    void navigate(n.link);
  };

  return (
    <Popover opened={opened} onChange={open} position="bottom-end" withArrow shadow="md" width={360} trapFocus>
      <BellIndicator count={count}>
        <Popover.Target>
          <ActionIcon {...bellButtonProps(count)} onClick={() => open(!opened)} />
        </Popover.Target>
      </BellIndicator>
      <Popover.Dropdown
        p={0}
        role="dialog"
        aria-label={notificationsMessages.notificationsTitle}
        maw="calc(100vw - 16px)"
      >
        <Group justify="space-between" px="sm" py={8} wrap="nowrap">
          <Text fw={600} size="sm">
            {notificationsMessages.notificationsTitle}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={!items.some(isUnread)}
              onClick={() => {
                showAllRead();
                // Opening the bell already marked them read on the server, unless more came since.
                if (count > 0) markAllRead.mutate();
              }}
            >
              {notificationsMessages.notificationsMarkAllRead}
            </Button>
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setOpened(false)}>
              {messages.closeButton}
            </Button>
          </Group>
        </Group>
        <ScrollArea.Autosize mah={420} type="auto">
          <Box px="sm" pb="sm">
            {list.isPending ? (
              <SectionLoading />
            ) : list.isError ? (
              <SectionError
                title={notificationsMessages.notificationsLoadFailed}
                error={list.error}
                onRetry={() => list.refetch()}
              />
            ) : items.length === 0 ? (
              <Text size="sm" c="dimmed" py="sm">
                {notificationsMessages.notificationsEmpty}
              </Text>
            ) : (
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {items.map((n) => (
                  <li key={n.id}>
                    <UnstyledButton
                      onClick={() => follow(n)}
                      w="100%"
                      p={8}
                      className="cadence-notification"
                      data-unread={isUnread(n) || undefined}
                    >
                      <Group gap={8} wrap="nowrap" align="flex-start">
                        <Box
                          mt={6}
                          w={8}
                          h={8}
                          style={{ borderRadius: 4, flex: 'none' }}
                          bg={isUnread(n) ? 'blue.7' : 'transparent'}
                          aria-hidden
                        />
                        <Stack gap={2} miw={0}>
                          <Text size="sm" fw={isUnread(n) ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
                            {isUnread(n) && (
                              <VisuallyHidden>{notificationsMessages.notificationUnread}: </VisuallyHidden>
                            )}
                            {n.message}
                          </Text>
                          <Text size="xs" c="dimmed" component="time" dateTime={n.createdAt}>
                            {inZone(n.createdAt, timezone).format('MMM D, hh:mm A')}
                          </Text>
                        </Stack>
                      </Group>
                    </UnstyledButton>
                    {n.details && n.details.length > 0 && (
                      // The items it lists (a before-meeting digest's), each opening its own page.
                      <Stack gap={2} component="ul" m={0} pl={24} pr={8} pb={6} style={{ listStyle: 'none' }}>
                        {n.details.map((detail) => (
                          <li key={`${detail.link}:${detail.label}`}>
                            <Anchor
                              component={Link}
                              to={detail.link}
                              size="xs"
                              style={{ overflowWrap: 'anywhere' }}
                              onClick={() => setOpened(false)}
                            >
                              {detail.label}
                            </Anchor>
                          </li>
                        ))}
                      </Stack>
                    )}
                  </li>
                ))}
              </Stack>
            )}
            {list.hasNextPage && (
              <Button
                variant="subtle"
                size="xs"
                fullWidth
                mt={4}
                loading={list.isFetchingNextPage}
                onClick={() => list.fetchNextPage()}
              >
                {notificationsMessages.notificationsMore}
              </Button>
            )}
          </Box>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
};
