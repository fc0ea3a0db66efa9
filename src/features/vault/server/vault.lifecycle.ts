import type { Handler, Lifecycle } from '../../../server/lifecycle.ts';
import { recordMeetingVaultDeleted } from './vault.audit.service.ts';

// A deleted meeting's passwords go with it by cascade; its audit keeps a `delete` row for each.
const auditMeetingDeleted: Handler<'meeting.deleting'> = (ctx, { meetingId, actor }) =>
  recordMeetingVaultDeleted(ctx, actor, meetingId);

export const registerVaultLifecycle = (lifecycle: Lifecycle) => {
  lifecycle.on('meeting.deleting', auditMeetingDeleted);
};
