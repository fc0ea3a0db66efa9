import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { WorkspaceBrand } from '../../features/admin/client/WorkspaceBrand.tsx';
import { useRealtimeCache } from '../lib/realtimeCache.ts';
import { Outlet, useLocation } from '../lib/router/index.ts';
import { useSelf } from '../lib/self.ts';
import { lazyDialog } from '../ui/lazyPart.tsx';
import { AppLoader } from './AppLoader.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';

/**
 * Decision 026: below Mantine's 'md' breakpoint (62em = 992 px: phones and tablets held
 * upright) the sidebar is a drawer over the page, opened by the top bar's burger; from 'md' up
 * it sits beside the page and the user may collapse it.
 */
export const DRAWER_MEDIA_QUERY = '(max-width: 61.99em)';
// The drawer (Mantine's modal machinery) loads when a narrow screen first shows the shell.
const loadDrawer = async () => (await import('./NavigationDrawer.tsx')).NavigationDrawer;
const NavigationDrawer = lazyDialog(loadDrawer);
const SIDEBAR_COLLAPSED_KEY = 'cadence.sidebar.collapsed';
// Stored as JSON ('true'); storage may be refused (a private window): then it is not remembered.
const storedCollapsed = () => {
  try {
    return localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
};
const storeCollapsed = (collapsed: boolean) => {
  try {
    localStorage.setItem(SIDEBAR_COLLAPSED_KEY, JSON.stringify(collapsed));
  } catch {
    // Not remembered.
  }
};
// The workspace's secondary colours, when set (WorkspaceBrand); the defaults otherwise.
const BRANDED_HEADER = {
  background: 'var(--cadence-topbar-bg, var(--mantine-color-body))',
  color: 'var(--cadence-topbar-color, inherit)',
  borderColor: 'var(--cadence-topbar-border, var(--cadence-shell-border))',
};
/**
 * The class a dialog's scroll lock (react-remove-scroll-bar, under Mantine's modals) moves by the
 * scroll bar's width, as it pads the page: the fixed top bar stays in place when a dialog opens.
 */
const KEPT_CLEAR_OF_SCROLL_BAR = 'right-scroll-bar-position';
const BRANDED_NAVBAR = {
  background: 'var(--cadence-sidebar-bg, var(--mantine-color-body))',
  borderColor: 'var(--cadence-sidebar-border, var(--cadence-shell-border))',
};

export const AppLayout = () => {
  // RequireAuth renders the shell only once GET /self has answered.
  const self = useSelf().data;
  const { pathname } = useLocation();
  // The live channel belongs to the current workspace; none while the user picks one.
  useRealtimeCache(self?.tenant?.id ?? null);
  // Wide screens: the user's choice, remembered. Read synchronously so a collapsed sidebar does
  // not flash open on load.
  const [desktopCollapsed, setDesktopCollapsed] = useState(storedCollapsed);
  const toggleDesktop = () => {
    setDesktopCollapsed(!desktopCollapsed);
    storeCollapsed(!desktopCollapsed);
  };
  // Narrow screens: closed on every load, opened on demand over the page.
  const [drawerOpened, drawer] = useDisclosure(false);
  const narrow = useMediaQuery(DRAWER_MEDIA_QUERY, undefined, { getInitialValueInEffect: false });
  // Any navigation (a link, the browser's back button) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path on purpose
  useEffect(() => drawer.close(), [pathname]);
  // Fetched ahead on narrow screens; a failure here is tried again when the burger opens it.
  useEffect(() => {
    if (narrow) loadDrawer().catch(() => undefined);
  }, [narrow]);

  if (!self) return <AppLoader />;

  // The frame is the app's own CSS (app.css, "The app's frame"): a fixed top bar, and on wide
  // screens the sidebar beside the page, slid away when collapsed.
  const sidebar = narrow ? 'none' : desktopCollapsed ? 'collapsed' : 'open';
  return (
    <div className="cadence-shell" data-sidebar={sidebar}>
      {/* administration: the workspace's colours over the theme (decision 044). */}
      <WorkspaceBrand />
      <header className={`cadence-shell-header ${KEPT_CLEAR_OF_SCROLL_BAR}`} style={BRANDED_HEADER}>
        <TopBar
          self={self}
          narrow={Boolean(narrow)}
          sidebarOpen={narrow ? drawerOpened : !desktopCollapsed}
          onToggleSidebar={narrow ? drawer.open : toggleDesktop}
        />
      </header>
      {narrow ? (
        <NavigationDrawer opened={drawerOpened} onClose={drawer.close} />
      ) : (
        <div className="cadence-shell-sidebar" style={BRANDED_NAVBAR} inert={desktopCollapsed || undefined}>
          <Sidebar onNavigate={() => undefined} />
        </div>
      )}
      <main className="cadence-shell-main">
        <Outlet />
      </main>
    </div>
  );
};
