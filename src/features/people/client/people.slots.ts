import type { ReactNode } from 'react';

// What other features put into the directory. The people feature imports none of them: the
// shell (client/shell/DirectoryRoute.tsx) fills these in.

export interface DirectorySlots {
  /** A departed person's vault entries seen (vault), shown to workspace admins (decision 063). */
  seenInVault: (props: { userId: string }) => ReactNode;
}
