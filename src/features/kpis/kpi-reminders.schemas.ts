import { z } from 'zod';

/** The hours before a meeting its owners may be reminded of empty KPIs (decision 120). */
export const KPI_REMINDER_HOURS = [1, 2, 3, 4, 6, 12, 24, 48, 72] as const;
export const KPI_REMINDER_HOURS_MAX = 72;

/** A meeting's scorecard nudge: null when off. */
export const ZKpiReminder = z
  .object({
    hoursBefore: z.int().min(1).max(KPI_REMINDER_HOURS_MAX).nullable(),
    /** Whether the caller may change it (the meeting's leaders and workspace admins). */
    canEdit: z.boolean(),
  })
  .meta({ id: 'KpiReminder' });
export type KpiReminder = z.infer<typeof ZKpiReminder>;

export const ZSetKpiReminder = z
  .strictObject({
    /** Hours before the meeting date starts (1–72); null turns the reminder off. */
    hoursBefore: z.int().min(1).max(KPI_REMINDER_HOURS_MAX).nullable(),
  })
  .meta({ id: 'SetKpiReminder' });
export type SetKpiReminder = z.infer<typeof ZSetKpiReminder>;
