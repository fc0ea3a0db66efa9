export * from './accounts.ts';
export * from './boards.ts';
export * from './kpis.ts';
export * from './live.ts';
export * from './mail.ts';
export * from './meetings.ts';
export * from './realtime.ts';
export * from './tasks.ts';
