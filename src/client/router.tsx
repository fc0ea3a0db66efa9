import { createBrowserRouter, redirect } from './lib/router/index.ts';
import { AppLoader } from './shell/AppLoader.tsx';
import { AccessDeniedPage, ForbiddenPage, ServerErrorPage } from './shell/ErrorPages.tsx';
import { prefetching, redirectIfSignedIn, requireToken } from './shell/guards.ts';
import { NotFoundPage } from './shell/NotFoundPage.tsx';
import { UnexpectedErrorPage } from './shell/UnexpectedErrorPage.tsx';

// Pages are lazy routes, so the first load only fetches the shell's code. The error pages are
// bundled with the entry: they must work even when a lazy chunk fails to load.

const homePage = async () => ({ Component: (await import('./shell/HomePage.tsx')).HomePage });

export const router = createBrowserRouter([
  {
    id: 'root',
    ErrorBoundary: UnexpectedErrorPage,
    HydrateFallback: AppLoader,
    children: [
      // Public pages that make no sense to a signed-in user (spec document 3 §2). The sign-in page
      // is the only page without the data layer: it loads lightest (decision 095).
      {
        loader: redirectIfSignedIn,
        children: [
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('../features/auth/client/LoginPage.tsx')).LoginPage }),
          },
        ],
      },
      { path: 'error/500', Component: ServerErrorPage },
      { path: 'error/401', Component: AccessDeniedPage },
      { path: 'error/403', Component: ForbiddenPage },
      {
        lazy: async () => ({ Component: (await import('./shell/WithQueries.tsx')).WithQueries }),
        children: [
          {
            loader: redirectIfSignedIn,
            children: [
              {
                path: 'sign-up',
                lazy: async () => ({ Component: (await import('../features/auth/client/SignUpPage.tsx')).SignUpPage }),
              },
            ],
          },
          // Public pages anyone may open.
          {
            path: 'sign-up-success',
            lazy: async () => ({
              Component: (await import('../features/auth/client/SignUpSuccessPage.tsx')).SignUpSuccessPage,
            }),
          },
          {
            path: 'forgotpassword',
            lazy: async () => ({
              Component: (await import('../features/auth/client/ForgotPasswordPage.tsx')).ForgotPasswordPage,
            }),
          },
          {
            path: 'set-password',
            lazy: async () => ({
              Component: (await import('../features/auth/client/SetPasswordPage.tsx')).SetPasswordPage,
            }),
          },
          // document 1 §2: a card's public share link, for anyone with it (signed in or not).
          {
            path: 'task-preview/:token',
            lazy: async () => ({
              Component: (await import('../features/boards/client/card/SharedCardPage.tsx')).SharedCardPage,
            }),
          },
          // The link mailed to a new email address (signed in or not).
          {
            path: 'confirm-email',
            lazy: async () => ({
              Component: (await import('../features/people/client/ConfirmEmailPage.tsx')).ConfirmEmailPage,
            }),
          },
          // Private pages: a token (checked before any code loads), then a session the server knows.
          {
            id: 'private',
            loader: requireToken,
            lazy: async () => ({ Component: (await import('./shell/RequireAuth.tsx')).RequireAuth }),
            children: [
              {
                // The app shell: sidebar, top bar, and the page in the middle.
                lazy: async () => ({ Component: (await import('./shell/AppLayout.tsx')).AppLayout }),
                children: [
                  { index: true, lazy: homePage },
                  { path: 'home', lazy: homePage },
                  // document 1 §2: the home page with a task's dialog open.
                  {
                    path: 'home/:taskId',
                    lazy: async () => ({
                      Component: (await import('./shell/HomeTaskRoute.tsx')).HomeTaskRoute,
                    }),
                  },
                  // Meetings area (document 1 §2): the list by type, and a meeting's dashboard.
                  {
                    path: 'meetings',
                    lazy: async () => ({
                      Component: (await import('./shell/MeetingsListRoute.tsx')).MeetingsRoute,
                    }),
                  },
                  {
                    path: 'accounts',
                    lazy: async () => ({
                      Component: (await import('./shell/MeetingsListRoute.tsx')).AccountsRoute,
                    }),
                  },
                  {
                    path: 'meeting-dashboard/:meetingId/:slug?',
                    loader: prefetching(async ({ params }, queryClient) =>
                      (await import('./shell/meetingDashboard.prefetch.ts')).prefetchMeetingDashboard(
                        queryClient,
                        params.meetingId ?? '',
                      ),
                    ),
                    // Composed by the shell from the sections of each feature (slots).
                    lazy: async () => ({
                      Component: (await import('./shell/MeetingDashboardRoute.tsx')).MeetingDashboardRoute,
                    }),
                  },
                  // document 1 §2: the live meeting, and one held session's archive.
                  {
                    path: 'live-meeting/:meetingId/:sessionId',
                    loader: prefetching(async ({ params }, queryClient) =>
                      (await import('../features/live/client/live.prefetch.ts')).prefetchLiveMeeting(
                        queryClient,
                        params.meetingId ?? '',
                        params.sessionId ?? '',
                      ),
                    ),
                    lazy: async () => ({
                      Component: (await import('./shell/LiveMeetingRoute.tsx')).LiveMeetingRoute,
                    }),
                  },
                  {
                    path: 'meeting-archives/:sessionId',
                    lazy: async () => ({
                      Component: (await import('../features/live/client/MeetingArchivePage.tsx')).MeetingArchivePage,
                    }),
                  },
                  // document 2 §2: a meeting's scorecard settings (user filter, reorder, export).
                  {
                    path: 'kpi/:meetingId',
                    lazy: async () => ({
                      Component: (await import('./shell/ScorecardSettingsRoute.tsx')).ScorecardSettingsRoute,
                    }),
                  },
                  {
                    path: 'workspaces',
                    lazy: async () => ({
                      Component: (await import('../features/workspaces/client/WorkspacesPage.tsx')).WorkspacesPage,
                    }),
                  },
                  // document 3 §2: the directory of users and groups.
                  {
                    path: 'directory',
                    lazy: async () => ({
                      Component: (await import('./shell/DirectoryRoute.tsx')).DirectoryRoute,
                    }),
                  },
                  // Org chart and vision board (document 2 §2).
                  {
                    path: 'chart',
                    loader: prefetching(async (_args, queryClient) =>
                      queryClient.prefetchQuery(
                        (await import('../features/orgchart/client/orgchart.queries.ts')).orgChartQuery,
                      ),
                    ),
                    lazy: async () => ({
                      Component: (await import('../features/orgchart/client/OrgChartPage.tsx')).OrgChartPage,
                    }),
                  },
                  {
                    path: 'vto',
                    lazy: async () => ({
                      Component: (await import('./shell/VisionRoute.tsx')).VisionRoute,
                    }),
                  },
                  // People tools: 1:1s, conversations, core values, reporting lines
                  {
                    path: 'people',
                    lazy: async () => ({
                      Component: (await import('../features/people-tools/client/PeopleToolsPage.tsx')).PeopleToolsPage,
                    }),
                  },
                  {
                    path: 'people/analyzer',
                    lazy: async () => ({
                      Component: (await import('../features/people-tools/client/AnalyzerPage.tsx')).AnalyzerPage,
                    }),
                  },
                  {
                    path: 'one-on-ones/:pairId',
                    lazy: async () => ({
                      Component: (await import('../features/people-tools/client/OneOnOnePage.tsx')).OneOnOnePage,
                    }),
                  },
                  {
                    path: 'conversations/:conversationId',
                    lazy: async () => ({
                      Component: (await import('../features/people-tools/client/ConversationPage.tsx'))
                        .ConversationPage,
                    }),
                  },
                  // Agency tools (document 3 §2)
                  {
                    path: 'agency-tools',
                    lazy: async () => ({
                      Component: (await import('../features/agency/client/AgencyToolsPage.tsx')).AgencyToolsPage,
                    }),
                  },
                  {
                    path: 'agency-dashboard/:itemId',
                    lazy: async () => ({
                      Component: (await import('../features/agency/client/AgencyDashboardPage.tsx'))
                        .AgencyDashboardPage,
                    }),
                  },
                  {
                    path: 'agency-single/:columnId',
                    lazy: async () => ({
                      Component: (await import('../features/agency/client/AgencySinglePage.tsx')).AgencySinglePage,
                    }),
                  },
                  // document 3 §2: time tracking (Time, Accounts, Meeting and Reports tabs).
                  {
                    path: 'time-tracking',
                    lazy: async () => ({
                      Component: (await import('../features/time/client/TimeTrackingPage.tsx')).TimeTrackingPage,
                    }),
                  },
                  // administration, document 3 §2: the quarters of each year.
                  {
                    path: 'quartals',
                    lazy: async () => ({
                      Component: (await import('../features/quarters/client/QuartalsPage.tsx')).QuartalsPage,
                    }),
                  },
                  // document 3 §2: settings with their side menu; Administration for admins only.
                  {
                    path: 'settings',
                    lazy: async () => ({
                      Component: (await import('../features/people/client/settings/SettingsLayout.tsx')).SettingsLayout,
                    }),
                    children: [
                      { index: true, loader: () => redirect('/settings/profile') },
                      {
                        path: 'profile',
                        lazy: async () => ({
                          Component: (await import('../features/people/client/settings/BasicInfoPanel.tsx'))
                            .BasicInfoPanel,
                        }),
                      },
                      {
                        path: 'profile/notifications',
                        lazy: async () => ({
                          Component: (await import('../features/people/client/settings/NotificationsPanel.tsx'))
                            .NotificationsPanel,
                        }),
                      },
                      {
                        path: 'profile/security',
                        lazy: async () => ({
                          Component: (await import('./shell/SecurityRoute.tsx')).SecurityRoute,
                        }),
                      },
                      {
                        path: 'administration',
                        lazy: async () => ({
                          Component: (await import('./shell/AdministrationRoute.tsx')).AdministrationRoute,
                        }),
                      },
                      // Import of outside data (decision 111): admins only.
                      {
                        path: 'administration/import',
                        lazy: async () => ({
                          Component: (await import('./shell/ImportRoute.tsx')).ImportRoute,
                        }),
                      },
                    ],
                  },
                  // Password vault (document 3 §2): a meeting's vault, or a meeting to pick.
                  {
                    path: 'passwords/:meetingId?',
                    lazy: async () => ({
                      Component: (await import('../features/vault/client/VaultPage.tsx')).VaultPage,
                    }),
                  },
                  // Reports (document 3 §2): meeting, member and user reports; the archive
                  // search and the workspace export.
                  {
                    path: 'reports',
                    lazy: async () => ({
                      Component: (await import('../features/reports/client/ReportsPage.tsx')).ReportsPage,
                    }),
                  },
                  {
                    path: 'reports/meetings/:meetingId/:slug?',
                    lazy: async () => ({
                      Component: (await import('../features/reports/client/ReportPage.tsx')).MeetingReportPage,
                    }),
                  },
                  {
                    path: 'reports/meetings/:meetingId/:slug/users/:memberId',
                    lazy: async () => ({
                      Component: (await import('../features/reports/client/ReportPage.tsx')).MeetingReportPage,
                    }),
                  },
                  {
                    path: 'health/:meetingId?',
                    lazy: async () => ({
                      Component: (await import('../features/os-health/client/HealthPage.tsx')).HealthPage,
                    }),
                  },
                  {
                    path: 'reports/users/:userId',
                    lazy: async () => ({
                      Component: (await import('../features/reports/client/ReportPage.tsx')).UserReportPage,
                    }),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);
