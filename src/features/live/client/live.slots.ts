import type { ReactNode } from 'react';
import type { AgencyItem } from '../../agency/agency.schemas.ts';
import type { Board } from '../../boards/boards.schemas.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';

// What other features show as steps of the live meeting. The live feature imports none of their
// components: the shell (client/shell/LiveMeetingRoute.tsx) fills these in.

export interface LiveStepSlots {
  /** The scorecard step (kpis). */
  scorecard: (props: { meetingId: string; timezone: string; viewerId: string }) => ReactNode;
  /** The rock review step: the meeting's goals (tasks). */
  goals: (props: { meeting: Meeting; timezone: string }) => ReactNode;
  /** An accountability board or list step (boards); `onlyListId` shows that list alone. */
  board: (props: {
    board: Board;
    meetingId: string;
    userId: string;
    timezone: string;
    today: string;
    onlyListId: string | null;
  }) => ReactNode;
  /** An agency framework step (agency): its columns, edited live. */
  framework: (props: { item: AgencyItem; viewerId: string }) => ReactNode;
  /** Proposed issues (proposals), above the Issues step's list. */
  proposals: (props: { meetingId: string }) => ReactNode;
}
