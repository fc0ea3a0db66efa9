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

/** A meeting's image (document 1 §5): jpg, png or gif. */
export const MEETING_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

/** The meetings list pages on the server (decision 039): rows per page, and the most a client may ask. */
export const MEETING_LIST_PAGE = { size: 25, max: 100 } as const;

/** Resolved sessions kept in memory on the embedded database (decision 039): how long, how many. */
export const SESSION_CACHE = { ttlMs: 30_000, maxEntries: 10_000 } as const;

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
  signInPerAccount: { max: 10, windowMs: 15 * MINUTE },
  signInPerAddress: { max: 50, windowMs: 15 * MINUTE },
  registerPerAddress: { max: 10, windowMs: HOUR },
  registerPerEmail: { max: 3, windowMs: HOUR },
  resetRequestPerEmail: { max: 5, windowMs: HOUR },
  resetRequestPerAddress: { max: 20, windowMs: HOUR },
  resetPasswordPerAddress: { max: 20, windowMs: 15 * MINUTE },
  userLookupPerAdmin: { max: 60, windowMs: 15 * MINUTE },
  addUserPerAdmin: { max: 30, windowMs: HOUR },
  emailChangePerUser: { max: 5, windowMs: HOUR },
  changePasswordPerUser: { max: 10, windowMs: 15 * MINUTE },
  // Password vault (issue 22): reveals and copies of passwords by one person.
  vaultRevealPerUser: { max: 60, windowMs: 15 * MINUTE },
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
export const CALENDAR_DAY_HOURS = { start: '08:00:00', end: '20:00:00' } as const;

/** A Google Calendar embed address (the only kind the settings accept and the calendar frames). */
export const GOOGLE_CALENDAR_EMBED = /^https:\/\/calendar\.google\.com\/calendar\/(u\/\d+\/)?embed\?[^\s]*$/;

// Password vault (issue 22, decision 045)
/** What the vault's audit log records. */
export const VAULT_AUDIT_ACTIONS = ['reveal', 'copy', 'create', 'update', 'delete'] as const;
export type VaultAuditAction = (typeof VAULT_AUDIT_ACTIONS)[number];
/** What a reveal call is for: showing the password, or putting it on the clipboard. */
export const VAULT_REVEAL_PURPOSES = ['reveal', 'copy'] as const;
/** document 3 §9: the vault sorts A-Z or Z-A. */
export const VAULT_SORTS = ['asc', 'desc'] as const;
export const VAULT_PAGE = { default: 50, max: 200 } as const;
export const VAULT_FOLDERS_PAGE = { default: 100, max: 200 } as const;
export const VAULT_ACTIVITY_PAGE = { default: 25, max: 100 } as const;
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
