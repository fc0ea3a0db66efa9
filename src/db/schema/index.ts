export * from './accounts.ts';
export * from './mail.ts';
export * from './meetings.ts';
export * from './realtime.ts';
