import type { Handler, Lifecycle } from '../../../server/lifecycle.ts';
import { newAccountMail } from './auth.mails.ts';
import { issuePasswordToken } from './password-tokens.service.ts';

/** A new account made by a workspace admin chooses its first password from a mailed link. */
const mailFirstPassword: Handler<'account.createdByAdmin'> = async (ctx, { person, inviter, workspace, publicUrl }) => {
  const token = await issuePasswordToken(ctx.db, person.id, 'invite');
  await ctx.sendMail(await newAccountMail(ctx.db, ctx.tenantId, person, publicUrl, { inviter, workspace, token }));
};

export const registerAuthLifecycle = (lifecycle: Lifecycle) => {
  lifecycle.on('account.createdByAdmin', mailFirstPassword);
};
