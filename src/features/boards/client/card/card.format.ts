import type { Checklist } from '../../../tasks/tasks.schemas.ts';

// Pure helpers of the card dialog's panels.

/** document 2 §4: the share of items whose status is not '0', in whole percent (0 when empty). */
export const checklistProgress = (checklist: Pick<Checklist, 'items'>): number => {
  const done = checklist.items.filter((item) => item.status !== '0').length;
  return checklist.items.length ? Math.round((done / checklist.items.length) * 100) : 0;
};

/** A file size as people read it: 512 B, 3.4 kB, 120 kB, 2.5 MB. */
export const formatSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};
