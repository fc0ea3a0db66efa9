import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { notificationsMessages } from '../notifications.messages.ts';
import { useUnreadCount } from './notifications.queries.ts';

/** The unread count over the bell. */
export const BellIndicator = ({ count, children }: { count: number; children: ReactNode }) => (
  <Indicator label={count > 99 ? '99+' : count} size={18} disabled={count === 0} color="red" offset={4}>
    {children}
  </Indicator>
);

/** The bell's own props, shared by the bell and its stand-in. */
export const bellButtonProps = (count: number) =>
  ({
    variant: 'default',
    size: 'lg',
    'aria-label': notificationsMessages.notificationsBell(count),
    'aria-haspopup': 'dialog',
    'data-testid': 'notification-bell',
    children: <IconBell size={18} stroke={1.6} />,
  }) as const;

/**
 * The bell as it shows before its popover's code has arrived (the shell loads NotificationBell
 * after the first paint): the same button and count; a press opens the list once it is there.
 */
export const BellStand = ({ onOpen }: { onOpen: () => void }) => {
  const count = useUnreadCount().data ?? 0;
  return (
    <BellIndicator count={count}>
      <ActionIcon {...bellButtonProps(count)} aria-expanded={false} onClick={onOpen} />
    </BellIndicator>
  );
};
