import { Drawer } from '@mantine/core';
import { clientMessages } from '../client.messages.ts';
import { Sidebar } from './Sidebar.tsx';

const DRAWER_WIDTH = 280;

/** Below the 'md' breakpoint the sidebar is a drawer over the page (decision 026). */
export const NavigationDrawer = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => (
  <Drawer
    opened={opened}
    onClose={onClose}
    size={DRAWER_WIDTH}
    title={clientMessages.navigationDrawer}
    padding={0}
    styles={{ header: { paddingInline: 'var(--mantine-spacing-md)' } }}
  >
    <Sidebar onNavigate={onClose} />
  </Drawer>
);
