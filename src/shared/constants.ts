// Limits and codes of the product, in one place for server and client.

export const API_ROOT = '/api/v2';

/** Header the client sends so that it can recognise (and ignore) the echoes of its own changes. */
export const CLIENT_ID_HEADER = 'x-client-id';
export const REQUEST_ID_HEADER = 'x-request-id';

/** Request limits (decision 024): a JSON body's bytes (413), a path value's characters (414), nesting levels (400). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
export const MAX_PARAM_LENGTH = 100;
export const MAX_INPUT_DEPTH = 32;

/** Toast lifetimes, document 1 §9; errors stay until dismissed. */
export const TOAST_MS = { info: 3000, success: 3000, warning: 5000, error: false } as const;
export const DIALOG_CLOSE_DELAY_MS = 200;

/**
 * Socket heartbeat: the server pings every `interval` and drops a connection that has not
 * answered within `timeout`, so a lost network shows Offline within interval + timeout (12 s).
 * A tab whose script is busy that long (a starved CPU) loses its polling session the same way:
 * its next poll gets 400 (unknown session, logged by the browser) and socket.io connects anew.
 */
export const SOCKET_HEARTBEAT_MS = { interval: 5000, timeout: 7000 } as const;

/**
 * The only origins the app's pages may show in a frame (CSP frame-src): the Google Calendar
 * embed (settings, calendar widget) and the hosts an 'External URL' agenda step may embed.
 * Meeting video links (Zoom, Meet, Teams) are links that open a new tab, never frames.
 */
export const FRAME_ORIGINS = [
  'https://calendar.google.com',
  'https://docs.google.com',
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
] as const;
/** Google's sign-in button (script, frame, styles, calls), allowed only when GOOGLE_CLIENT_ID is set. */
export const GOOGLE_SIGN_IN_ORIGIN = 'https://accounts.google.com';

/** Session token lifetimes (ARCHITECTURE: 30 days with remember-me, 12 hours without). */
export const SESSION_TTL_MS = { remembered: 30 * 24 * 3600 * 1000, default: 12 * 3600 * 1000 } as const;

/** A meeting's image (document 1 §5): jpg, png or gif, at most 2 MB. */
export const MEETING_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const MEETING_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The meetings list pages on the server (decision 039): rows per page, and the most a client may ask. */
export const MEETING_LIST_PAGE = { size: 25, max: 100 } as const;

/**
 * Resolved sessions kept in memory (decisions 039 and 058): how long on the embedded database
 * (one process for sure), how long on PostgreSQL (a writer whose clear an instance did not
 * acknowledge waits this long before answering), how long a new PostgreSQL instance reads
 * through (until the others' heartbeats know it: the adapter's interval is 5 s), how many.
 */
export const SESSION_CACHE = { ttlMs: 30_000, sharedTtlMs: 5_000, sharedWarmUpMs: 12_000, maxEntries: 10_000 } as const;

/** The admin flag keeps the spec's wire values. */
export const ADMIN_FLAG = { yes: '1', no: '0' } as const;
export type AdminFlag = (typeof ADMIN_FLAG)[keyof typeof ADMIN_FLAG];

export const DEFAULT_TIMEZONE = 'America/Los_Angeles';
export const DEFAULT_LOCALE = 'en_US';

/** A fixed-window rate limit: at most `max` tries per window (then 429 with Retry-After). */
export interface RateLimit {
  max: number;
  windowMs: number;
}
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/**
 * The rate limits (decision 022). Sign-in counts failed tries (a success gives its try back)
 * per account over all addresses and per address over all accounts, so neither guessing one
 * password nor spraying one password over many accounts goes unlimited.
 */
export const RATE_LIMITS = {
  // The public auth calls' defaults (README, "Limits"; each max can be set by environment). Per
  // account strict; per address sized for an office behind one address.
  signInPerAccount: { max: 10, windowMs: 15 * MINUTE },
  signInPerAddress: { max: 100, windowMs: 15 * MINUTE },
  registerPerAddress: { max: 100, windowMs: HOUR },
  registerPerEmail: { max: 3, windowMs: HOUR },
  resetRequestPerEmail: { max: 5, windowMs: HOUR },
  resetRequestPerAddress: { max: 100, windowMs: HOUR },
  resetPasswordPerAddress: { max: 100, windowMs: 15 * MINUTE },
  userLookupPerAdmin: { max: 60, windowMs: 15 * MINUTE },
  addUserPerAdmin: { max: 30, windowMs: HOUR },
  emailChangePerUser: { max: 5, windowMs: HOUR },
  changePasswordPerUser: { max: 10, windowMs: 15 * MINUTE },
  // Password vault: reveals and copies of passwords by one person.
  vaultRevealPerUser: { max: 60, windowMs: 15 * MINUTE },
  // API tokens (decision 093): the calls of one token, whatever it calls.
  apiTokenCalls: { max: 600, windowMs: MINUTE },
  // Values another system pushes into one fed KPI (decision 119).
  kpiFeedPushes: { max: 60, windowMs: MINUTE },
} as const satisfies Record<string, RateLimit>;
/** Invitations into a workspace stay open for a week. */
export const INVITATION_TTL_MS = 7 * 24 * HOUR;

/** How long emailed links stay valid: a reset one hour, an invitation to set a password a week. */
export const PASSWORD_TOKEN_TTL_MS = { reset: 60 * 60 * 1000, invite: 7 * 24 * 3600 * 1000 } as const;
export type PasswordTokenPurpose = keyof typeof PASSWORD_TOKEN_TTL_MS;

/** The home widgets, in their default order, all visible (document 1 §1). */
export const DEFAULT_WIDGETS = [
  { key: 'calendar', title: 'Calendar', visible: true },
  { key: 'todos', title: "To Do's", visible: true },
  { key: 'goals', title: 'Goals', visible: true },
  { key: 'kpis', title: 'KPIs', visible: true },
] as const;
export type WidgetKey = (typeof DEFAULT_WIDGETS)[number]['key'];
/** Home's avatar strip: at most this many meetings hidden in one workspace (decision 069). */
export const HOME_HIDDEN_MEETINGS_MAX = 200;

/** People (document 3 §5, §9): photo limits and types, the settings password rule, email-change links. */
export const PROFILE_IMAGE_MAX_BYTES = 512000;
export const CONTACT_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const SETTINGS_PASSWORD_MIN = 8;
export const PASSWORD_CHANGED_NOTICE_MS = 5000;
export const EMAIL_CHANGE_TTL_MS = 24 * HOUR;
export const DIRECTORY_PAGE_SIZE = 50;
/** The groups of notification a person can switch off one by one (profile → Notifications). */
export const NOTIFICATION_SWITCHES = ['assignments', 'comments', 'meetingStarts', 'reminders'] as const;
export type NotificationSwitch = (typeof NOTIFICATION_SWITCHES)[number];
/** Locales offered in profile settings (default en_US). */
export const LOCALES = ['en_US', 'en_GB', 'de_DE', 'fr_FR', 'es_ES'] as const;
export const DEFAULT_FIRST_DAY_OF_WEEK = 1;

/**
 * Notifications (document 2 §3–4, decision 033): 'unseen' when written, 'sent' once an e-mail
 * copy went out, 'read' once the bell was opened. The bell counts the unseen and sent ones.
 */
export const NOTIFICATION_STATUS = { unseen: 'unseen', sent: 'sent', read: 'read' } as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUS)[keyof typeof NOTIFICATION_STATUS];
export const NOTIFICATION_KINDS = [
  'cardOwner',
  'cardMember',
  'cardStatus',
  'cardComment',
  'cardMoved',
  'meetingStarted',
  'meetingAdded',
  'workspaceAdded',
  'reminder',
  // Time tracking: a project crossed a budget threshold.
  'budgetAlert',
  // A meeting's cascading message, sent when it is finished (decision 081).
  'cascadingMessage',
  // Made the owner of a goal's milestone.
  'milestoneOwner',
  // A milestone one owns is due tomorrow.
  'milestoneDue',
  // Made the owner of an item of a card's checklist.
  'checklistItemOwner',
  // A weekly timesheet was submitted (to its approvers), approved or returned (to its person).
  'timesheet',
  // A scheduled backup of the server failed (decision 091): to the admins of every workspace.
  'backupFailed',
  // A webhook was paused after repeated failed deliveries (decision 097): to the workspace's admins.
  'webhookPaused',
  // A quarterly or annual conversation was set up: to the side whose form is waiting (decision 109).
  'conversationWaiting',
  // One side of a 1:1 started it: to the other side.
  'oneOnOneStarted',
  // A conversation is held tomorrow: to each side whose form is not submitted.
  'conversationDue',
  // KPIs one owns are still empty for a meeting date starting soon (decision 120).
  'kpiReminder',
  // What a person still owes a meeting starting soon: empty KPIs, to-dos due, goals to update (decision 125).
  'meetingDigest',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The bell's pages. */
export const NOTIFICATIONS_PAGE = { default: 20, max: 50 } as const;
/** How many notifications one "mark read/unread" call may name. */
export const NOTIFICATION_IDS_MAX = 100;

/** The calendar call: a window of at most a year (decision 034), and at most this many items in it. */
export const CALENDAR_MAX_SPAN_DAYS = 366;
export const CALENDAR_MAX_ITEMS = 3000;
/** document 1 §9: calendar cells show 5 items, then "+N MORE"; the week view's hours 8 am to 8 pm. */
export const CALENDAR_ITEMS_PER_CELL = 5;
/** The most cards and goals of one day the calendar call sends (the day view asks for these). */
export const CALENDAR_DAY_ITEMS_MAX = 100;
export const CALENDAR_DAY_HOURS = { start: '08:00:00', end: '20:00:00' } as const;

/** A Google Calendar embed address (the only kind the settings accept and the calendar frames). */
export const GOOGLE_CALENDAR_EMBED = /^https:\/\/calendar\.google\.com\/calendar\/(u\/\d+\/)?embed\?[^\s]*$/;

// Org chart (document 2 §5 and §9)
/** Seat numbers of a row; a chart's rows are numbered from 1 too. */
export const SEAT_NUMBER_MIN = 1;
export const SEAT_NUMBER_MAX = 20;
export const ORG_CHART_MAX_ROWS = 20;
/** A chart never has fewer seats or rows (with a seat) than these. */
export const ORG_CHART_MIN_SEATS = 7;
export const ORG_CHART_MIN_ROWS = 3;
/** Lines of a seat's description (its responsibilities), and how long each may be. */
export const SEAT_DESCRIPTION_LINES_MAX = 20;
export const SEAT_LINE_MAX = 200;
/** Workspace users in one seat. */
export const SEAT_USERS_MAX = 10;
/** A seat's picture: jpg, png or gif up to 2 MB (the contact photo rule of document 2 §5). */
export const SEAT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const SEAT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
/** The seat colours offered (any #rrggbb is accepted). */
export const SEAT_COLORS = [
  '#C2CDD8',
  '#74C0FC',
  '#63E6BE',
  '#FFD43B',
  '#FFA94D',
  '#FF8787',
  '#B197FC',
  '#F783AC',
  '#A9E34B',
] as const;
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
/** Paper sizes of the PDF exports. */
export const PAPER_SIZES = ['A4', 'LETTER'] as const;

// Vision board
export const VISION_TITLE_MAX = 200;
/** document 2 §9: rich-text descriptions up to 60,000 characters. */
export const VISION_DESCRIPTION_MAX = 60_000;
export const VISION_SECTIONS_MAX = 40;
export const VISION_TEMPLATES_PAGE = { default: 50, max: 100 } as const;
/** Kinds of section: written text, or live data read when the board is shown. */
export const SECTION_KINDS = ['text', 'quarterlyGoals', 'longTermIssues'] as const;
/** How many items a live section shows. */
export const LIVE_SECTION_ITEMS_MAX = 50;
// Time tracking (document 3 §9; decisions 048, 049).
export const PROJECT_TYPES = ['time', 'fixed_fee', 'non_billable'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export const PROJECT_RATE_MODES = ['no_rate', 'project', 'person', 'task'] as const;
export type ProjectRateMode = (typeof PROJECT_RATE_MODES)[number];
export const PROJECT_BUDGET_TYPES = [
  'no_budget',
  'total_project_fees',
  'fees_per_task',
  'total_project_hours',
  'hours_per_task',
  'hours_per_person',
] as const;
export type ProjectBudgetType = (typeof PROJECT_BUDGET_TYPES)[number];
/** Budgets counted in money; a non-billable project has only the others. */
export const FEE_BUDGET_TYPES: readonly ProjectBudgetType[] = ['total_project_fees', 'fees_per_task'];
export const BUDGET_RESETS = ['never', 'monthly'] as const;
/** document 3 §9 defaults: money in cents, hours in minutes. */
export const TIME_DEFAULTS = {
  taskBudget: 1000,
  taskBudgetMinutes: 100 * 60,
  taskHourlyRate: 10000,
  memberBudgetMinutes: 10 * 60,
  memberHourlyRate: 10000,
  alertPercent: 80,
  weeklyCapacityMinutes: 40 * 60,
} as const;
/** A person logs at most a day's minutes on one day, over all entries. */
export const MINUTES_PER_DAY = 24 * 60;
/** Largest amount a form accepts, in cents (under numeric(14,2)). */
export const MONEY_MAX_CENTS = 99_999_999_999;
export const TIME_PAGE = { default: 50, max: 200 } as const;
/** An account's image: a meeting image's rules (JPG, PNG or GIF up to 2 MB, sent as a data URL of at most 500,000 characters). */
export const ACCOUNT_IMAGE = { maxBytes: MEETING_IMAGE_MAX_BYTES, maxChars: 500_000 } as const;
/** A report covers at most this many days. */
export const TIME_REPORT_MAX_DAYS = 366;
// administration
/** document 3 §9: the workspace logo is at most 2 MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
// Password vault (decision 045)
/** What the vault's audit log records. */
/** What the vault's audit log records; `undecryptable`: a reveal or copy met a value changed outside Cadence (057). */
export const VAULT_AUDIT_ACTIONS = [
  'reveal',
  'copy',
  'create',
  'update',
  'delete',
  'undecryptable',
  // A reveal or copy refused to someone who may not see the entry (an admin outside its groups,
  // a person removed from the meeting).
  'refused_reveal',
  'refused_copy',
] as const;
export type VaultAuditAction = (typeof VAULT_AUDIT_ACTIONS)[number];
/** What a reveal call is for: showing the password, or putting it on the clipboard. */
export const VAULT_REVEAL_PURPOSES = ['reveal', 'copy'] as const;
/** document 3 §9: the vault sorts A-Z or Z-A. */
export const VAULT_SORTS = ['asc', 'desc'] as const;
export const VAULT_PAGE = { default: 50, max: 200 } as const;
export const VAULT_FOLDERS_PAGE = { default: 100, max: 200 } as const;
export const VAULT_ACTIVITY_PAGE = { default: 25, max: 100 } as const;
/** The passwords a departed person saw, in their contact's details (decision 063). */
export const VAULT_SEEN_PAGE = 10;
export const VAULT_LIMITS = {
  account: 200,
  username: 200,
  password: 1000,
  notes: 2000,
  folderName: 100,
  groups: 50,
  search: 100,
} as const;
/** A revealed password shows this long; a copied one is cleared from the clipboard after this long. */
export const VAULT_REVEAL_SECONDS = 30;
export const VAULT_CLIPBOARD_SECONDS = 30;
/** The form's password generator: its length range and default. */
export const VAULT_GENERATOR = { min: 8, max: 64, default: 20 } as const;
// Agency tools (decisions 052–053)
/** document 3 §9: a category lists this many items until Show All. */
export const AGENCY_PREVIEW_ITEMS = 2;
export const AGENCY_CATEGORIES_PAGE = { default: 50, max: 100 } as const;
export const AGENCY_ITEMS_PAGE = { default: 50, max: 100 } as const;
/** Icons a category's avatar or a column's image may name (the client draws them). */
export const AGENCY_ICONS = [
  'target',
  'compass',
  'megaphone',
  'users',
  'user',
  'chart',
  'bulb',
  'route',
  'handshake',
  'settings',
  'shield',
  'calendar',
  'star',
  'flag',
  'heart',
  'alert',
  'tools',
  'coins',
] as const;
export type AgencyIcon = (typeof AGENCY_ICONS)[number];
/** Colours of categories and columns (Mantine's palette names). */
export const AGENCY_COLORS = [
  'blue',
  'indigo',
  'violet',
  'grape',
  'pink',
  'red',
  'orange',
  'yellow',
  'lime',
  'green',
  'teal',
  'cyan',
  'gray',
] as const;
export type AgencyColor = (typeof AGENCY_COLORS)[number];
export const AGENCY_COLUMN_TYPES = ['editable', 'noneditable'] as const;
export const AGENCY_LIMITS = {
  title: 150,
  subtitle: 200,
  buttonTitle: 40,
  description: 20_000,
  recap: 1000,
  url: 2000,
  question: 500,
  /** The longest answer any question may allow (a question's own maxLength is at most this). */
  answer: 5000,
  numOfAnswers: 20,
  /**
   * Categories a workspace sees (shipped ones and its own, hidden ones too) and frameworks in one
   * category: the catalogue reads one page of each (AGENCY_CATEGORIES_PAGE, AGENCY_ITEMS_PAGE), so
   * an admin may create no more (decision 065).
   */
  categories: AGENCY_CATEGORIES_PAGE.max,
  itemsPerCategory: AGENCY_ITEMS_PAGE.max,
  /** Columns of one framework, questions of one column. */
  columns: 40,
  questions: 30,
} as const;
/** The kinds of content a workspace can hide. */
export const AGENCY_KINDS = ['categories', 'items', 'columns', 'questions'] as const;
export type AgencyKind = (typeof AGENCY_KINDS)[number];

// Slack (decision 051)
/**
 * What the install asks of a Slack workspace: the spec's three (post, read people, read their
 * emails) and, for the features beyond it, channels:read (the recap channel picker) and
 * commands (the /cadence slash command).
 */
export const SLACK_SCOPES = ['chat:write', 'users:read', 'users:read.email', 'channels:read', 'commands'] as const;
/** An install link (its signed state) works this long, and once. */
export const SLACK_STATE_TTL_MS = 10 * 60_000;
/** A slash command's timestamp may be this old (Slack's advice); its signature is remembered this long. */
export const SLACK_SIGNATURE_WINDOW_SECONDS = 5 * 60;
/** Channels asked of Slack per page of the recap channel picker. */
export const SLACK_CHANNEL_PAGE = 200;
/** The slash command's form body is small; anything bigger is not Slack's. */
export const SLACK_COMMAND_BODY_LIMIT = 16 * 1024;
/** Where the administration page shows the Integrations section (the callback returns there). */
export const SLACK_RETURN_PATH = '/settings/administration';

// Reports (decision 059)
/** A finished workspace export's zip is kept this many days after it finished, then removed. */
export const WORKSPACE_EXPORT_RETENTION_DAYS = 7;
