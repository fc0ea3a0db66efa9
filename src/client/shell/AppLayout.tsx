import { AppShell } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useSelf } from '../../features/auth/client/auth.queries.ts';
import { useRealtimeCache } from '../lib/realtimeCache.ts';
import { AppLoader } from './AppLoader.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';

/** document 1 §9: below this viewport width the sidebar collapses (and opens over the page). */
const SIDEBAR_COLLAPSE_WIDTH = 250;
const SIDEBAR_WIDTH = 230;
const SIDEBAR_COLLAPSED_KEY = 'cadence.sidebar.collapsed';

export const AppLayout = () => {
  // RequireAuth renders the shell only once GET /self has answered.
  const self = useSelf().data;
  // The live channel belongs to the current workspace; none while the user picks one.
  useRealtimeCache(self?.tenant?.id ?? null);
  // Wide screens: the user's choice, remembered. Read synchronously so a collapsed sidebar does
  // not flash open on load.
  const [desktopCollapsed, setDesktopCollapsed] = useLocalStorage<boolean>({
    key: SIDEBAR_COLLAPSED_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  // Narrow screens: closed on every load, opened on demand over the page.
  const [mobileOpened, mobile] = useDisclosure(false);
  const narrow = useMediaQuery(`(max-width: ${SIDEBAR_COLLAPSE_WIDTH - 0.02}px)`, undefined, {
    getInitialValueInEffect: false,
  });

  const sidebarOpen = narrow ? mobileOpened : !desktopCollapsed;
  const toggleSidebar = () => (narrow ? mobile.toggle() : setDesktopCollapsed((value) => !value));

  if (!self) return <AppLoader />;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: SIDEBAR_WIDTH,
        breakpoint: SIDEBAR_COLLAPSE_WIDTH,
        collapsed: { mobile: !mobileOpened, desktop: desktopCollapsed },
      }}
      padding="lg"
    >
      <AppShell.Header>
        <TopBar self={self} sidebarOpen={sidebarOpen} onToggleSidebar={toggleSidebar} />
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
};
