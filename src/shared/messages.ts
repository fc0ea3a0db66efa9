// Every user-facing text the server sends or the client shows lives here, once.
// Texts quoted by the spec keep the spec's wording (spelling mistakes corrected).
export const messages = {
  required: 'This field is required',
  invalidEmail: 'Enter a valid email address',
  tooShort: (min: number) => `This field should be longer than ${min - 1} characters`,
  tooLong: (max: number) => `This field should be at most ${max} characters`,
  invalidValue: 'This value is not valid',
  passwordsDoNotMatch: 'Passwords do not match',

  emailTaken: 'An account with this email already exists. Sign in, or reset your password.',
  wrongCredentials: 'The email or password is incorrect.',
  tooManySignIns: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  noWorkspaceLeft: 'Your account is not part of any workspace. Ask a workspace admin to add you.',

  linkInvalid: 'This link has expired or was already used. Ask for a new one.',
  resetRequested: 'An email with reset instructions was sent to your inbox.',
  passwordReset: 'Your password was reset.',
  passwordSet: 'Your password was set. You can sign in now.',
  userAlreadyInWorkspace: 'User already exists in this workspace',
  userAdded: 'User has been added to this workspace',
  settingsSaved: 'Settings have been saved!',

  widgetsIncomplete: 'Send every widget exactly once, in the wanted order',
  httpsUrlRequired: 'Enter an address that starts with https://',

  googleFailed: 'Google sign-in did not work. Sign in with your email and password instead.',
  googleEmailMismatch: 'Use the email of your Google account',

  validationFailed: 'Some fields are not valid',
  unauthorized: 'Your session has ended. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  noWorkspace: 'You are not a member of this workspace any more. Choose another workspace.',
  notFound: 'Not found',
  routeNotFound: (method: string, url: string) => `No route for ${method} ${url}`,
  conflict: 'This record already exists',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  internalError: (requestId: string) =>
    `There was an internal error. Send this message to the administrator and refresh the page. (request id ${requestId})`,
  databaseDown: 'The database is not answering',

  // document 1 §8: the client's toasts
  apiFail: (message: string) => `Error: ${message}`,
  apiHttpError: (status: number) => `Error ${status} calling the API.`,
  somethingWentWrong: 'Something went wrong',
  viewDetails: 'View details',
  hideDetails: 'Hide details',
  pageNotFound: "Oops! Sorry, This page isn't available...",
  goToHomepage: 'Go to Homepage',
  unexpectedError: 'Something went wrong! Sorry, this app is still in development mode',
  realtimeUnavailable:
    "There was a problem loading the site interactivity. Changes won't properly reflect until you refresh the page.",

  // client shell (not quoted by the spec)
  productName: 'Cadence',
  navDashboard: 'DASHBOARD',
  toggleSidebar: 'Toggle sidebar',
  toggleColorScheme: 'Switch between light and dark mode',
  mainNavigation: 'Main navigation',
  loading: 'Loading…',
  reloadPage: 'Reload page',
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
  retry: 'Retry',
  dismiss: 'Dismiss',
  httpStatus: (status: number) => `HTTP status ${status}`,
  requestId: (id: string) => `Request id: ${id}`,
} as const;
