import { firstWorkspaceId, serverAdminIds } from '../../../server/backup/server-admins.ts';
import { inJobTransaction, type JobDeps } from '../../../server/jobs/jobTransaction.ts';
import { notificationsMessages } from '../notifications.messages.ts';
import { notifyMany } from './notifications.service.ts';

/**
 * A scheduled backup failed (decision 091): a notification (and its e-mail copy, by the
 * "reminders" switch) to the people who administer every workspace, in the oldest one. main.ts
 * hands this to the backup scheduler, so server core never imports this feature.
 */
export const notifyBackupFailed = (deps: JobDeps, reason: string) =>
  inJobTransaction(deps, async (ctx) => {
    const tenantId = await firstWorkspaceId(ctx.db);
    if (!tenantId) return [];
    const receiverIds = await serverAdminIds(ctx.db);
    return notifyMany(ctx, [
      {
        tenantId,
        receiverIds,
        kind: 'backupFailed',
        message: () => notificationsMessages.notificationBackupFailed(reason),
        link: '/settings/administration',
      },
    ]);
  });
