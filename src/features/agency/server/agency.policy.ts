import type { TenantContext } from '../../../server/context.ts';
import { forbidden } from '../../../shared/errors.ts';
import { agencyMessages } from '../agency.messages.ts';

// Who may do what in agency tools (decision 052): every member reads the catalogue and answers
// questions in editable columns; workspace admins add content of their own and hide any
// content for the workspace; nobody changes or deletes what the product ships.

/** Admin-made content and hiding are for the workspace's admins. */
export const assertContentAdmin = (ctx: TenantContext) => {
  if (!ctx.isAdmin) throw forbidden();
};

/** The product's content is read-only: hide it instead. */
export const assertOwnContent = (row: { tenantId: string | null }) => {
  if (row.tenantId === null) throw forbidden(agencyMessages.agencyShippedReadOnly);
};

/** A 'noneditable' column's answers cannot be changed. */
export const assertEditableColumn = (columnType: string) => {
  if (columnType === 'noneditable') throw forbidden(agencyMessages.agencyNotEditable);
};

/** Hidden content shows only to admins who ask for it. */
export const seesHidden = (ctx: TenantContext, asked: boolean) => ctx.isAdmin && asked;
