import { extendSessionHorizons } from '../features/meetings/server/sessions.service.ts';
import { removeExpiredExports } from '../features/reports/server/workspace-export.service.ts';
import { sendTaskReminders } from '../features/tasks/server/reminders.service.ts';
import type { ScheduledWork } from './jobs/scheduler.ts';

// The features' background work that the server's scheduler runs (jobs/scheduler.ts decides when).
// Like data-migrations.ts, a composition root: it may know every feature, the scheduler none.
export const scheduledWork: ScheduledWork = { extendSessionHorizons, removeExpiredExports, sendTaskReminders };
