import type { Checklist } from '../../../tasks/tasks.schemas.ts';

// Pure helpers of the card dialog's panels.

/** document 2 §4: the share of items whose status is not '0', in whole percent (0 when empty). */
export const checklistProgress = (checklist: Pick<Checklist, 'items'>): number => {
  const done = checklist.items.filter((item) => item.status !== '0').length;
  return checklist.items.length ? Math.round((done / checklist.items.length) * 100) : 0;
};
