import { Box } from '@mantine/core';
import {
  IconAddressBook,
  IconBriefcase,
  IconCalendarRepeat,
  IconCalendarStats,
  IconClock,
  IconHeartbeat,
  IconHeartHandshake,
  IconHierarchy2,
  IconLayoutDashboard,
  IconLock,
  IconReportAnalytics,
  IconSettings,
  IconTargetArrow,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { clientMessages } from '../client.messages.ts';
import { Link, useLocation } from '../lib/router/index.ts';
import { useSelf } from '../lib/self.ts';
import { lazyExtra, lazySection } from '../ui/lazyPart.tsx';

// My Meetings (folders with drag-and-drop) loads beside its list's first request.
const MyMeetingsNav = lazySection(
  async () => (await import('../../features/meetings/client/components/MyMeetingsNav.tsx')).MyMeetingsNav,
  { failed: clientMessages.partLoadFailed, minHeight: 80 },
);
// The live meetings (none most of the time) load after the first paint, with their dialog.
const LiveNav = lazyExtra(async () => (await import('../../features/live/client/LiveNav.tsx')).LiveNav);

interface SidebarEntry {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** Paths that highlight this entry. */
  matches: (pathname: string) => boolean;
  /** Shown only once a workspace is chosen (its page belongs to one). */
  needsWorkspace?: boolean;
}

// Entries arrive with their pages (DIRECTORY, SETTINGS…): no link may lead nowhere.
const entries: SidebarEntry[] = [
  {
    label: clientMessages.navDashboard,
    to: '/home',
    icon: IconLayoutDashboard,
    matches: (pathname) => pathname === '/' || pathname === '/home' || pathname.startsWith('/home/'),
  },
  {
    label: clientMessages.navMeetings,
    to: '/meetings',
    icon: IconCalendarRepeat,
    matches: (pathname) =>
      pathname === '/meetings' || pathname === '/accounts' || pathname.startsWith('/meeting-dashboard/'),
  },
  {
    label: clientMessages.navDirectory,
    to: '/directory',
    icon: IconAddressBook,
    matches: (pathname) => pathname === '/directory' || pathname.startsWith('/reports/users/'),
    needsWorkspace: true,
  },
  // Org chart and vision board
  {
    label: clientMessages.navOrgChart,
    to: '/chart',
    icon: IconHierarchy2,
    matches: (pathname) => pathname === '/chart',
    needsWorkspace: true,
  },
  {
    label: clientMessages.navVision,
    to: '/vto',
    icon: IconTargetArrow,
    matches: (pathname) => pathname === '/vto',
    needsWorkspace: true,
  },
  // People tools: 1:1s, conversations, core values, reporting lines
  {
    label: clientMessages.navPeopleTools,
    to: '/people',
    icon: IconHeartHandshake,
    matches: (pathname) =>
      pathname === '/people' || pathname.startsWith('/one-on-ones/') || pathname.startsWith('/conversations/'),
    needsWorkspace: true,
  },
  // Agency tools
  {
    label: clientMessages.navAgency,
    to: '/agency-tools',
    icon: IconBriefcase,
    matches: (pathname) =>
      pathname === '/agency-tools' ||
      pathname.startsWith('/agency-dashboard/') ||
      pathname.startsWith('/agency-single/'),
    needsWorkspace: true,
  },
  // Time tracking (document 3 §2)
  {
    label: clientMessages.navTimeTracking,
    to: '/time-tracking',
    icon: IconClock,
    matches: (pathname) => pathname === '/time-tracking',
    needsWorkspace: true,
  },
  // administration: the quarters of each year.
  {
    label: clientMessages.navQuarters,
    to: '/quartals',
    icon: IconCalendarStats,
    matches: (pathname) => pathname === '/quartals',
    needsWorkspace: true,
  },
  // Password vault
  {
    label: clientMessages.navPasswords,
    to: '/passwords',
    icon: IconLock,
    matches: (pathname) => pathname === '/passwords' || pathname.startsWith('/passwords/'),
    needsWorkspace: true,
  },
  // Reports: the archive search and, for admins, the workspace export.
  {
    label: clientMessages.reportsNav,
    to: '/reports',
    icon: IconReportAnalytics,
    matches: (pathname) => pathname === '/reports' || pathname.startsWith('/reports/meetings/'),
    needsWorkspace: true,
  },
  // Operating-system health, beside the reports.
  {
    label: clientMessages.navOsHealth,
    to: '/health',
    icon: IconHeartbeat,
    matches: (pathname) => pathname === '/health' || pathname.startsWith('/health/'),
    needsWorkspace: true,
  },
  {
    label: clientMessages.navSettings,
    to: '/settings/profile',
    icon: IconSettings,
    matches: (pathname) => pathname === '/settings' || pathname.startsWith('/settings/'),
  },
];

// Fills the navbar's column and scrolls within it; in the drawer the drawer's body scrolls.
const NAV_SCROLL = { flex: 1, minHeight: 0, overflowY: 'auto', scrollbarWidth: 'thin' } as const;

export const Sidebar = ({ onNavigate }: { onNavigate: () => void }) => {
  const { pathname } = useLocation();
  // 'My Meetings' and the entries that need a workspace: none while the user picks one.
  const hasWorkspace = Boolean(useSelf().data?.tenant);
  const shown = hasWorkspace ? entries : entries.filter((entry) => !entry.needsWorkspace);
  return (
    // The browser's own scrolling: Mantine's ScrollArea brought floating-ui into the first page.
    <Box component="nav" aria-label={clientMessages.mainNavigation} p="sm" style={NAV_SCROLL}>
      {shown.map(({ label, to, icon: Icon, matches }) => {
        const active = matches(pathname);
        return (
          // Plain links drawn by app.css (".cadence-nav-link"): Mantine's NavLink brought its
          // nested sections' animated Collapse into every page's first load.
          <Link
            key={to}
            to={to}
            className="cadence-nav-link"
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          >
            <Icon size={20} stroke={1.6} />
            <span>{label}</span>
          </Link>
        );
      })}
      {hasWorkspace && <LiveNav onNavigate={onNavigate} />}
      {hasWorkspace && <MyMeetingsNav onNavigate={onNavigate} />}
    </Box>
  );
};
