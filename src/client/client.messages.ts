// The client shell's user-facing texts; texts used by two areas or more are in src/shared/messages.ts.
export const clientMessages = {
  copyFailed: 'Failed to copy!',
  widgetsNoneVisible: 'Every widget is hidden. Use "Arrange home widgets" in the top bar to show them again.',
  widgetsLoadFailed: 'The home widgets could not be loaded.',
  /** A part of a page whose code failed to load (a widget, the sidebar's meetings). */
  partLoadFailed: 'This part of the page could not be loaded.',
  homeTodosTitle: "To Do's",
  homeGoalsTitle: 'Goals',
  homeTodosEmpty: 'No open to-dos.',
  homeGoalsEmpty: 'No open goals.',
  homeTodosEmptyFiltered: 'No open to-dos in the meetings shown.',
  homeGoalsEmptyFiltered: 'No open goals in the meetings shown.',
  viewDetails: 'View details',
  hideDetails: 'Hide details',
  pageNotFound: "Oops! Sorry, This page isn't available...",
  goToHomepage: 'Go to Homepage',
  unexpectedError: 'Something went wrong! Sorry, this app is still in development mode',
  realtimeUnavailable:
    "There was a problem loading the site interactivity. Changes won't properly reflect until you refresh the page.",
  navDashboard: 'DASHBOARD',
  toggleSidebar: 'Toggle sidebar',
  openNavigation: 'Open navigation',
  navigationDrawer: 'Navigation',
  toggleColorScheme: 'Switch between light and dark mode',
  mainNavigation: 'Main navigation',
  reloadPage: 'Reload page',
  /** The installed app: a new version is waiting (ui/AppUpdate.tsx). */
  updateReady: 'A new version of Cadence is ready.',
  updateReload: 'Reload to update',
  updateLater: 'Later',
  /** The page a visit gets while the server cannot be reached (the service worker's fallback). */
  offlineTitle: "You're offline",
  offlineText: "Cadence can't reach its server. Check your connection, then try again.",
  offlineRetry: 'Try again',
  goodMorning: 'Good Morning',
  goodAfternoon: 'Good Afternoon',
  goodEvening: 'Good Evening',
  systemStatus: 'System status',
  statusServer: 'Server',
  statusDatabase: 'Database',
  statusOk: 'ok',
  statusDown: 'not answering',
  statusUnknown: 'unknown',
  statusLoadFailed: 'The system status could not be loaded.',
  statusBackups: 'Scheduled backups',
  statusBackupAge: (age: string) => `last ${age} ago`,
  statusBackupFailed: 'the last one failed',
  statusBackupNone: 'none yet',
  backupTitle: 'Backup',
  backupText:
    'One file with the whole server: the database of every workspace, the card attachments and the key of the password vault. ' +
    'Only the admin of every workspace on this server may download it.',
  backupPassphrase: 'Passphrase (optional)',
  backupPassphraseHint:
    'At least 12 characters. The file is then encrypted; without the passphrase it cannot be restored.',
  backupPassphraseShort: 'This passphrase is too short: it needs at least 12 characters, or leave it empty.',
  backupDownload: 'Download a backup',
  backupFailed: 'The backup could not be made.',
  backupSaved: (fileName: string, size: string, encrypted: boolean) =>
    `Saved ${fileName} (${size}). ` +
    (encrypted
      ? 'It is encrypted: keep the passphrase apart from the file.'
      : 'It holds the key of the password vault: keep it as safe as the passwords themselves.'),
  httpStatus: (status: number) => `HTTP status ${status}`,
  requestId: (id: string) => `Request id: ${id}`,

  // meetings area (client; texts in quotes in spec document 1 keep its wording)
  navMeetings: 'MEETINGS',
  pageNumber: (page: number) => `Page ${page}`,
  previousPage: 'Previous page',
  nextPage: 'Next page',
  accountMenu: 'Account menu',
  logout: 'Logout',
  sessionLoadFailed: 'Your session could not be loaded.',
  serverErrorTitle: 'Oops! Something went wrong!',
  serverErrorText: 'The server could not complete your request.',
  tryAgain: 'Try again',
  accessDeniedTitle: 'Access Denied',
  accessDeniedText: 'You need to sign in to see this page.',
  permissionDeniedTitle: 'Permission denied',
  permissionDeniedText: "It seems you don't have permission to access this resource. Please, try again",
  permissionDeniedLink: 'here',

  // people: directory, groups, profile settings (document 3 §2, §5, §8)
  navDirectory: 'DIRECTORY',
  navSettings: 'SETTINGS',
  photo: 'Photo',
  choosePhoto: 'Choose photo',
  removePhoto: 'Remove photo',
  userDeletedFromSystem: '(User has been deleted from the system)',

  // Org chart
  navOrgChart: 'ORG CHART',
  exportPdf: 'Export PDF',

  // Vision board
  navVision: 'VISION',
  navPeopleTools: '1:1s & PEOPLE',
  // Time tracking screens (document 3 §2).
  navTimeTracking: 'TIME TRACKING',
  navQuarters: 'QUARTERS',
  // Password vault
  navPasswords: 'PASSWORDS',
  vaultSeenHint: 'Every vault password this person revealed or copied, newest first: rotate these.',
  reportsNav: 'REPORTS',
  navOsHealth: 'OS HEALTH',
  // Agency tools (document 3 §2, §3, §9; decisions 052–053)
  navAgency: 'AGENCY TOOLS',
  // Two people typed into one text (ConflictNotice).
  theirText: (who: string) => (who ? `${who}'s text` : 'Their text'),
  yourText: 'Your text',
  keepMine: 'Keep mine',
  useTheirs: 'Use theirs',
} as const;
