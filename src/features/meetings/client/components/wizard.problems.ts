import { messages } from '../../../../shared/messages.ts';
import { meetingsMessages } from '../../meetings.messages.ts';
import { ZCreateMeeting } from '../../meetings.schemas.ts';
import { linkError } from '../meetings.links.ts';
import { type ScheduleField, type ScheduleValues, scheduleProblems } from './ScheduleFields.tsx';

// What step two of the new-meeting wizard finds wrong, and the spec's messages for the missing
// fields (document 1 §5).

export type DetailField = 'title' | 'sharepointUrl' | ScheduleField;

/** The names the step-two messages give the fields ('Meeting Name * - This field is required'). */
const FIELD_LABELS: Partial<Record<DetailField, string>> = {
  title: meetingsMessages.meetingName,
  sharepointUrl: meetingsMessages.meetingUrl,
  startDate: meetingsMessages.startDate,
  startTime: meetingsMessages.startTime,
  interval: meetingsMessages.repeat,
  repeatType: meetingsMessages.repeat,
  repeatEvery: meetingsMessages.repeatEvery,
};

export interface Problem {
  field: DetailField;
  kind: 'required' | 'invalid';
  message: string;
}

export const detailProblems = (title: string, url: string, schedule: ScheduleValues): Problem[] => {
  const problems: Problem[] = [];
  // The very checks the server makes (ZCreateMeeting's title and sharepointUrl).
  const titleCheck = ZCreateMeeting.shape.title.safeParse(title);
  if (!titleCheck.success) {
    problems.push({
      field: 'title',
      kind: title.trim() ? 'invalid' : 'required',
      message: titleCheck.error.issues[0]?.message ?? messages.required,
    });
  }
  // The server's own link check, so the wizard and the API agree.
  const urlProblem = url.trim() ? linkError(url) : messages.required;
  if (urlProblem) {
    problems.push({ field: 'sharepointUrl', kind: url.trim() ? 'invalid' : 'required', message: urlProblem });
  }
  return [...problems, ...scheduleProblems(schedule)];
};

/** One message per missing field, as the spec writes it: 'Meeting URL * - This field is required'. */
export const requiredMessages = (problems: Problem[]): string[] => [
  ...new Set(
    problems
      .filter((p) => p.kind === 'required')
      .map((p) => meetingsMessages.wizardRequired(FIELD_LABELS[p.field] ?? p.field)),
  ),
];
