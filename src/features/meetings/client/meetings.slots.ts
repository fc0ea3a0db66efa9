import type { ReactNode } from 'react';
import type { Meeting } from '../meetings.schemas.ts';

// What other features put into the meetings screens. The meetings feature imports none of
// them: the shell (client/shell/Meeting*Route.tsx), which knows every feature, fills these in.

/** A meeting as the list and the dashboard's management card hand it to the live feature. */
export type StartableMeeting = Pick<Meeting, 'id' | 'title' | 'nextSession'>;

/** "Start Meeting" or "Join Meeting" (live), for a participant of the meeting. */
export type StartButtonSlot = (props: { meeting: StartableMeeting; size?: 'xs' | 'sm' | 'compact-sm' }) => ReactNode;

export interface MeetingsListSlots {
  /** A row's start button, beside the agenda and KPI shortcuts. */
  startButton: StartButtonSlot;
}

export interface MeetingDashboardSlots {
  /** The management card's "Start/Join Meeting" button (live), shown to participants. */
  startButton: StartButtonSlot;
  /** The management card's Slack recap channel (slack). */
  recapChannel: (props: { meetingId: string }) => ReactNode;
  /** The meeting's action items and goals (tasks). */
  actionItems: (props: { meeting: Meeting; timezone: string }) => ReactNode;
  goals: (props: { meeting: Meeting; timezone: string }) => ReactNode;
  /** The meeting's boards (boards). */
  boards: (props: { meeting: Meeting; timezone: string }) => ReactNode;
  /** Proposed issues and their settings (proposals). */
  proposals: (props: { meetingId: string }) => ReactNode;
  /** The meeting's scorecard (kpis). */
  kpis: (props: { meetingId: string; timezone: string; viewerId: string }) => ReactNode;
  /** The meeting's calendar (calendar): that meeting's items only. */
  calendar: (props: { meetingId: string; timezone: string }) => ReactNode;
  /** The meeting's trends card (reports); `canSee`: leaders and admins. */
  trends: (props: { meeting: { id: string; title: string }; canSee: boolean }) => ReactNode;
}
