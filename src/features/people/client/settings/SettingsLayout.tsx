import { Box, Group, NavLink, Stack, Title } from '@mantine/core';
import { IconBell, IconSettings, IconShieldLock, IconUser } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from '../../../../client/lib/router/index.ts';
import { useSelf } from '../../../../client/lib/self.ts';
import { ADMIN_FLAG } from '../../../../shared/constants.ts';
import { peopleMessages } from '../../people.messages.ts';

const items = [
  { to: '/settings/profile', label: peopleMessages.basicInfo, icon: IconUser },
  { to: '/settings/profile/notifications', label: peopleMessages.notificationsMenu, icon: IconBell },
  { to: '/settings/profile/security', label: peopleMessages.securityMenu, icon: IconShieldLock },
];

/** Settings with their side menu (document 3 §2): Basic Info, Notifications, Security; Administration for admins only. */
export const SettingsLayout = () => {
  const { pathname } = useLocation();
  const isAdmin = useSelf().data?.isAdmin === ADMIN_FLAG.yes;
  const entries = isAdmin
    ? [...items, { to: '/settings/administration', label: peopleMessages.administrationLink, icon: IconSettings }]
    : items;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {pathname === '/settings/administration' ? peopleMessages.administrationTitle : peopleMessages.profileTitle}
      </Title>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box component="nav" aria-label={peopleMessages.settingsMenu} w={{ base: '100%', sm: 220 }}>
          {entries.map(({ to, label, icon: Icon }) => {
            const active = pathname === to;
            return (
              <NavLink
                key={to}
                component={Link}
                to={to}
                label={label}
                active={active}
                aria-current={active ? 'page' : undefined}
                leftSection={<Icon size={18} stroke={1.6} />}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            );
          })}
        </Box>
        <Box style={{ flex: '1 1 320px', minWidth: 0, maxWidth: 720 }}>
          <Outlet />
        </Box>
      </Group>
    </Stack>
  );
};
