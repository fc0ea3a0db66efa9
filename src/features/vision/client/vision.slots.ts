import type { ReactNode } from 'react';
import type { Section } from '../vision.schemas.ts';

// What other features put into the vision board. The vision feature imports none of them: the
// shell (client/shell/VisionRoute.tsx) fills these in.

export interface VisionSlots {
  /** Live content shown under a section (the workspace's core values under "Core Values"). */
  sectionExtra: (section: Section) => ReactNode;
}
