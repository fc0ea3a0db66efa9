import { meetingSlug } from '../../meetings/client/meetings.format.ts';

// The spec's report routes (document 3 §2).

const slugOf = (title: string) => encodeURIComponent(meetingSlug(title) || 'meeting');

export const meetingReportPath = (meeting: { id: string; title: string }) =>
  `/reports/meetings/${meeting.id}/${slugOf(meeting.title)}`;

export const memberReportPath = (meeting: { id: string; title: string }, memberId: string) =>
  `${meetingReportPath(meeting)}/users/${memberId}`;

export const userReportPath = (userId: string) => `/reports/users/${userId}`;
