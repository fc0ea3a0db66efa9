export * from './accounts.ts';
export * from './boards.ts';
export * from './kpis.ts';
export * from './live.ts';
export * from './mail.ts';
export * from './meetings.ts';
export * from './notifications.ts';
export * from './people.ts';
export * from './realtime.ts';
export * from './tasks.ts';
// administration (issue 20): general settings, logo, email templates; annuals and quarters.
export * from './admin.ts';
export * from './quarters.ts';
