import {
  ActionIcon,
  Anchor,
  Box,
  Burger,
  Group,
  Text,
  ThemeIcon,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import {
  IconCalendarRepeat,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconMoon,
  IconSun,
} from '@tabler/icons-react';
import { WidgetsButton } from '../../features/home/client/WidgetsButton.tsx';
import { BellStand } from '../../features/notifications/client/BellButton.tsx';
import { WorkspaceAvatar } from '../../features/workspaces/client/WorkspaceAvatar.tsx';
import { messages } from '../../shared/messages.ts';
import type { Self } from '../../shared/self.ts';
import { clientMessages } from '../client.messages.ts';
import { Link } from '../lib/router/index.ts';
import { useNow } from '../lib/useNow.ts';
import { lazyControl, lazyExtra } from '../ui/lazyPart.tsx';
import { AccountButton } from './AccountButton.tsx';
import { topBarClock } from './clock.ts';

// The menus, the bell's list and the next meeting load after the first paint (decision 095):
// their buttons show at once, the next meeting when it has answered, as before.
const UserMenu = lazyControl(async () => (await import('./UserMenu.tsx')).UserMenu, AccountButton);
const NotificationBell = lazyControl(
  async () => (await import('../../features/notifications/client/NotificationBell.tsx')).NotificationBell,
  BellStand,
);
const NextMeetingIndicator = lazyExtra(
  async () => (await import('../../features/meetings/client/components/NextMeetingIndicator.tsx')).NextMeetingIndicator,
);

interface TopBarProps {
  self: Self;
  /** Below the drawer breakpoint: a burger opens the navigation drawer (decision 026). */
  narrow: boolean;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

/** The burger's id: the navigation drawer gives focus back to it when dismissed. */
export const BURGER_ID = 'cadence-navigation-burger';

export const TopBar = ({ self, narrow, sidebarOpen, onToggleSidebar }: TopBarProps) => {
  const now = useNow();
  // document 1 §9 display format, in the user's own time zone (document 1 §2), not the browser's.
  const clock = topBarClock(now, self.user.timezone);
  const workspace = self.tenant;
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  return (
    <Group h="100%" px="md" gap="sm" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {narrow ? (
          <Burger
            size="sm"
            opened={sidebarOpen}
            onClick={onToggleSidebar}
            id={BURGER_ID}
            aria-label={clientMessages.openNavigation}
            aria-expanded={sidebarOpen}
          />
        ) : (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={onToggleSidebar}
            aria-label={clientMessages.toggleSidebar}
            aria-expanded={sidebarOpen}
          >
            {sidebarOpen ? (
              <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} />
            ) : (
              <IconLayoutSidebarLeftExpand size={20} stroke={1.6} />
            )}
          </ActionIcon>
        )}
        <Anchor
          component={Link}
          to="/home"
          underline="never"
          c="inherit"
          display="flex"
          style={{ alignItems: 'center', gap: 8 }}
        >
          {/* A phone has no room for the workspace beside the buttons: its logo takes the mark's place. */}
          {workspace?.iconLogo && (
            <Box hiddenFrom="sm" data-testid="current-workspace-phone" display="flex">
              <WorkspaceAvatar name={workspace.name} iconLogo={workspace.iconLogo} size={30} />
            </Box>
          )}
          <ThemeIcon
            size={30}
            radius="md"
            variant="filled"
            aria-hidden
            visibleFrom={workspace?.iconLogo ? 'sm' : undefined}
          >
            <IconCalendarRepeat size={18} stroke={2} />
          </ThemeIcon>
          <Text fw={700} fz="lg" className="cadence-product-name">
            {messages.productName}
          </Text>
        </Anchor>
      </Group>
      <Group gap="sm" wrap="nowrap">
        {workspace && <NextMeetingIndicator />}
        {/* Full date on wide screens, the time alone on medium ones, nothing on a phone's width. */}
        <Text component="time" dateTime={now.toISOString()} size="sm" c="dimmed" visibleFrom="md">
          {clock.dateTime}
        </Text>
        <Text component="time" dateTime={now.toISOString()} size="sm" c="dimmed" visibleFrom="xs" hiddenFrom="md">
          {clock.time}
        </Text>
        {workspace && (
          <Group gap={8} wrap="nowrap" miw={0} visibleFrom="sm" data-testid="current-workspace">
            <WorkspaceAvatar name={workspace.name} iconLogo={workspace.iconLogo} size={30} />
            <Text fw={600} size="sm" truncate maw={180}>
              {workspace.name}
            </Text>
          </Group>
        )}
        {workspace && <WidgetsButton />}
        {workspace && <NotificationBell timezone={self.user.timezone} />}
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={clientMessages.toggleColorScheme}
          onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
        >
          {scheme === 'dark' ? <IconSun size={18} stroke={1.6} /> : <IconMoon size={18} stroke={1.6} />}
        </ActionIcon>
        <UserMenu self={self} />
      </Group>
    </Group>
  );
};
