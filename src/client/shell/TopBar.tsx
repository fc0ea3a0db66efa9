import {
  ActionIcon,
  Anchor,
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
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { messages } from '../../shared/messages.ts';
import { useNow } from '../lib/useNow.ts';

// document 1 §9 display format. The user's timezone setting arrives with the settings page;
// until then this is the browser's local time.
const DATE_TIME_FORMAT = 'MMMM DD, YYYY, hh:mm A';

interface TopBarProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export const TopBar = ({ sidebarOpen, onToggleSidebar }: TopBarProps) => {
  const now = useNow();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  return (
    <Group h="100%" px="md" gap="sm" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={onToggleSidebar}
          aria-label={messages.toggleSidebar}
          aria-expanded={sidebarOpen}
        >
          {sidebarOpen ? (
            <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} />
          ) : (
            <IconLayoutSidebarLeftExpand size={20} stroke={1.6} />
          )}
        </ActionIcon>
        <Anchor
          component={Link}
          to="/home"
          underline="never"
          c="inherit"
          display="flex"
          style={{ alignItems: 'center', gap: 8 }}
        >
          <ThemeIcon size={30} radius="md" variant="filled" aria-hidden>
            <IconCalendarRepeat size={18} stroke={2} />
          </ThemeIcon>
          <Text fw={700} fz="lg">
            {messages.productName}
          </Text>
        </Anchor>
      </Group>
      <Group gap="sm" wrap="nowrap">
        {/* Full date on wide screens, the time alone on medium ones, nothing on a phone's width. */}
        <Text component="time" dateTime={now.toISOString()} size="sm" c="dimmed" visibleFrom="sm">
          {dayjs(now).format(DATE_TIME_FORMAT)}
        </Text>
        <Text component="time" dateTime={now.toISOString()} size="sm" c="dimmed" visibleFrom="xs" hiddenFrom="sm">
          {dayjs(now).format('hh:mm A')}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={messages.toggleColorScheme}
          onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
        >
          {scheme === 'dark' ? <IconSun size={18} stroke={1.6} /> : <IconMoon size={18} stroke={1.6} />}
        </ActionIcon>
      </Group>
    </Group>
  );
};
