import { Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingCommunity, IconLogout, IconUser, IconUserPlus } from '@tabler/icons-react';
import { useLogout } from '../../features/auth/client/auth.queries.ts';
import { ADMIN_FLAG } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import type { Self } from '../../shared/self.ts';
import { clientMessages } from '../client.messages.ts';
import { Link } from '../lib/router/index.ts';
import { lazyDialog } from '../ui/lazyPart.tsx';
import { AccountAvatar } from './AccountButton.tsx';

const AddPersonDialog = lazyDialog(
  async () => (await import('../../features/workspaces/client/AddPersonDialog.tsx')).AddPersonDialog,
);

/**
 * The settings menu of the top bar (document 1 §2): My profile, Workspaces, Logout. Its code loads
 * after the first paint (TopBar); `defaultOpened` when the account button was pressed before.
 */
export const UserMenu = ({ self, defaultOpened = false }: { self: Self; defaultOpened?: boolean }) => {
  const logout = useLogout();
  const [addingPerson, addPersonDialog] = useDisclosure(false);
  const fullName = `${self.user.firstName} ${self.user.lastName}`;
  // Only a workspace admin may add people (document 1 §6); without a workspace there is nowhere to add them.
  const canAddPeople = self.tenant !== null && self.isAdmin === ADMIN_FLAG.yes;
  return (
    <>
      <Menu position="bottom-end" width={240} shadow="md" defaultOpened={defaultOpened}>
        <Menu.Target>
          <UnstyledButton aria-label={clientMessages.accountMenu} style={{ borderRadius: '50%' }}>
            <AccountAvatar self={self} />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {fullName}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {self.user.email}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item component={Link} to="/settings/profile" leftSection={<IconUser size={16} />}>
            {messages.myProfile}
          </Menu.Item>
          <Menu.Item component={Link} to="/workspaces" leftSection={<IconBuildingCommunity size={16} />}>
            {messages.workspacesTitle}
          </Menu.Item>
          {canAddPeople && (
            <Menu.Item leftSection={<IconUserPlus size={16} />} onClick={addPersonDialog.open}>
              {messages.addPerson}
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
            {clientMessages.logout}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {canAddPeople && <AddPersonDialog opened={addingPerson} onClose={addPersonDialog.close} />}
    </>
  );
};
