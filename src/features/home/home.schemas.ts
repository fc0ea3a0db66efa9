import { z } from 'zod';

/**
 * The getting-started steps, in the order the panel shows them. A new step (say, importing data)
 * is a new key here, its check in the service and its row in the panel.
 */
export const GETTING_STARTED_STEPS = ['meeting', 'team', 'scorecard'] as const;
export type GettingStartedStepKey = (typeof GETTING_STARTED_STEPS)[number];

export const ZGettingStarted = z.object({
  steps: z.array(
    z.object({
      key: z.enum(GETTING_STARTED_STEPS),
      done: z.boolean().describe("Computed from the workspace's data"),
    }),
  ),
  /** The caller closed the panel in this workspace (kept per person and workspace). */
  dismissed: z.boolean(),
});
export type GettingStarted = z.infer<typeof ZGettingStarted>;
