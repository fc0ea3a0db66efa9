import type { TenantContext } from '../../../server/context.ts';
import { AppError } from '../../../shared/errors.ts';
import type { MoveTask } from '../tasks.schemas.ts';
import { findVisibleTask } from './tasks.access.ts';
import { planMove } from './tasks.move.ts';

/**
 * `POST tasks/{id}/move-check`: the question Move or Copy would ask for this target (members
 * not in the target meeting), as a 200, so the dialog asks before it sends. A 409 question is
 * logged by browsers as a failed request (decision 027). Other refusals are answered as the
 * move itself would answer them.
 */
export const moveQuestion = async (ctx: TenantContext, id: string, input: MoveTask) => {
  const access = await findVisibleTask(ctx, id);
  try {
    await planMove(ctx, access, { ...input, confirm: false });
    return { confirm: null };
  } catch (error) {
    if (error instanceof AppError && error.status === 409 && error.errors?.confirm) return { confirm: error.message };
    throw error;
  }
};
