import { Drawer } from '@mantine/core';
import { clientMessages } from '../client.messages.ts';
import { Sidebar } from './Sidebar.tsx';
import { BURGER_ID } from './TopBar.tsx';

const DRAWER_WIDTH = 280;

/**
 * Below the 'md' breakpoint the sidebar is a drawer over the page (decision 026). Its code loads
 * when first opened, so it mounts already open and cannot note what had focus: dismissed (Escape,
 * the close button, the backdrop), it gives focus back to the burger itself.
 */
export const NavigationDrawer = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => (
  <Drawer
    opened={opened}
    onClose={() => {
      onClose();
      // After the drawer lets go of focus (its trap ends as it closes).
      requestAnimationFrame(() => document.getElementById(BURGER_ID)?.focus());
    }}
    returnFocus={false}
    size={DRAWER_WIDTH}
    title={clientMessages.navigationDrawer}
    padding={0}
    styles={{ header: { paddingInline: 'var(--mantine-spacing-md)' } }}
  >
    <Sidebar onNavigate={onClose} />
  </Drawer>
);
