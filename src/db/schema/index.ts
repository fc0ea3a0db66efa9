export * from './accounts.ts';
export * from './admin.ts';
// Agency tools
export * from './agency.ts';
export * from './boards.ts';
// Before-meeting digests (decision 125)
export * from './digests.ts';
// Email templates
export * from './emails.ts';
// Imports of outside data (decision 111)
export * from './imports.ts';
export * from './kpi-feeds.ts';
export * from './kpi-reminders.ts';
export * from './kpis.ts';
export * from './live.ts';
export * from './mail.ts';
export * from './meetings.ts';
export * from './notifications.ts';
// Org chart and vision board
export * from './orgchart.ts';
// Operating-system health's per-session summary (decision 128)
export * from './os-health.ts';
export * from './passkeys.ts';
export * from './people.ts';
// People tools (decisions 108–110)
export * from './people-tools.ts';
// Proposed issues (decision 123)
export * from './proposals.ts';
export * from './quarters.ts';
export * from './realtime.ts';
// Reports
export * from './reports.ts';
// Slack
export * from './slack.ts';
// Single sign-on (decision 103)
export * from './sso.ts';
export * from './tasks.ts';
export * from './time.ts';
export * from './tokens.ts';
// Two-factor sign-in (decision 102)
export * from './two-factor.ts';
export * from './vault.ts';
export * from './vision.ts';
export * from './webhooks.ts';
