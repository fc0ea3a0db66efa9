import { meetingsMessages } from '../meetings.messages.ts';
import { intervalOf, REPEAT_INTERVALS, type RepeatUnit } from '../meetings.recurrence.ts';
import type { AgendaKey, AgendaTaskType, INTERVALS } from '../meetings.schemas.ts';

// Small pure helpers of the meetings screens: paths, time slots, repeat options, labels.

/** document 1 §2: the dashboard's slug is the title with its words joined by hyphens. */
export const meetingSlug = (title: string): string => title.trim().split(/\s+/).filter(Boolean).join('-');

export const dashboardPath = (meeting: { id: string; title: string }): string =>
  `/meeting-dashboard/${meeting.id}/${encodeURIComponent(meetingSlug(meeting.title) || 'meeting')}`;

/** document 1 §9 display formats. */
export const DATE_TIME_FORMAT = 'MMM D, YYYY h:mm A';
export const LONG_DATE_TIME_FORMAT = 'dddd, MMM D, YYYY h:mm A';
export const DATE_FORMAT = 'MMM D, YYYY';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'HH:mm' → '9:15 AM'. */
export const timeLabel = (time: string): string => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
};

/** Start-time options every 15 minutes over 24 hours (document 1 §5, §9). */
export const TIME_OPTIONS: { value: string; label: string }[] = Array.from({ length: 96 }, (_, i) => {
  const value = `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`;
  return { value, label: timeLabel(value) };
});

/** A stored date 'YYYY-MM-DD' shown as MM/DD/YYYY (document 1 §5). */
export const usDate = (isoDate: string): string => {
  const [year, month, day] = isoDate.split('-');
  return year && month && day ? `${month}/${day}/${year}` : isoDate;
};

export type Interval = (typeof INTERVALS)[number];

export const REPEAT_OPTIONS: { value: Interval; label: string }[] = [
  { value: 'none', label: meetingsMessages.repeatNone },
  { value: 'daily', label: meetingsMessages.repeatDaily },
  { value: 'weekly', label: meetingsMessages.repeatWeekly },
  { value: 'monthly', label: meetingsMessages.repeatMonthly },
  { value: 'annually', label: meetingsMessages.repeatAnnually },
  { value: 'custom', label: meetingsMessages.repeatCustom },
];

export const UNIT_OPTIONS: { value: RepeatUnit; label: string }[] = [
  { value: 'days', label: meetingsMessages.unitDays },
  { value: 'weeks', label: meetingsMessages.unitWeeks },
  { value: 'months', label: meetingsMessages.unitMonths },
  { value: 'years', label: meetingsMessages.unitYears },
];

/** The rule the API stores for a form option; custom takes the form's repeat-every and unit. */
export const ruleOf = (
  interval: Interval,
  custom: { repeatEvery: number; repeatType: RepeatUnit | null },
): { repeatEvery: number; repeatType: RepeatUnit | null } =>
  interval === 'custom' ? custom : { ...REPEAT_INTERVALS[interval] };

/** 'Every 2 weeks', 'Weekly' or 'Do not repeat', for summaries. */
export const repeatText = (repeatEvery: number, repeatType: RepeatUnit | null): string => {
  const interval = intervalOf(repeatEvery, repeatType);
  if (interval !== 'custom') return REPEAT_OPTIONS.find((option) => option.value === interval)?.label ?? '';
  const unit = UNIT_OPTIONS.find((option) => option.value === repeatType)?.label ?? '';
  return meetingsMessages.repeatSummary(repeatEvery, unit);
};

export const AGENDA_KEY_LABELS: Record<AgendaKey, string> = {
  free_activity: meetingsMessages.agendaKeyFreeActivity,
  scorecard: meetingsMessages.agendaKeyScorecard,
  rock_review: meetingsMessages.agendaKeyRockReview,
  to_do_list: meetingsMessages.agendaKeyToDoList,
  accountability_board: meetingsMessages.agendaKeyAccountabilityBoard,
  accountability_list: meetingsMessages.agendaKeyAccountabilityList,
  external_url: meetingsMessages.agendaKeyExternalUrl,
  conclusion: meetingsMessages.agendaKeyConclusion,
  agency_framework: meetingsMessages.agendaAgencyFramework,
  cascading_messages: meetingsMessages.agendaKeyCascadingMessages,
  todo_recap: meetingsMessages.agendaKeyTodoRecap,
};

/** What an action-items step shows (decision 036). */
export const AGENDA_TASK_TYPE_OPTIONS: { value: AgendaTaskType; label: string }[] = [
  { value: '4', label: meetingsMessages.agendaTaskTypeTodos },
  { value: '2', label: meetingsMessages.agendaTaskTypeIssues },
  { value: '3', label: meetingsMessages.agendaTaskTypeHeadlines },
];

/** The connections a custom agenda item may have (the conclusion is the one built-in item). */
export const CUSTOM_AGENDA_KEYS: AgendaKey[] = [
  'free_activity',
  'external_url',
  'accountability_board',
  'accountability_list',
  'scorecard',
  'rock_review',
  'to_do_list',
  // Agency tools
  'agency_framework',
  'cascading_messages',
  'todo_recap',
];

/** Minutes of the checked items: the meeting's duration (document 1 §4). */
export const totalMinutes = (items: { checked: boolean; duration: number }[]): number =>
  items.reduce((sum, item) => sum + (item.checked ? item.duration : 0), 0);

/** Colours offered for a meeting; the first is used when a meeting has none yet. */
export const MEETING_SWATCHES = [
  '#4c6ef5',
  '#228be6',
  '#15aabf',
  '#12b886',
  '#40c057',
  '#fab005',
  '#fd7e14',
  '#fa5252',
  '#e64980',
  '#7950f2',
  '#868e96',
];
export const DEFAULT_MEETING_COLOR = MEETING_SWATCHES[0]!;

/** `list` with the item at `from` moved to `to` (the position index becomes its sort). */
export const reorder = <T>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
};

/** The spec's drop rule (ARCHITECTURE, @hello-pangea/dnd): no destination or the same place is ignored. */
export const isIgnoredDrop = (result: {
  source: { droppableId: string; index: number };
  destination?: { droppableId: string; index: number } | null;
}): boolean =>
  !result.destination ||
  (result.destination.droppableId === result.source.droppableId && result.destination.index === result.source.index);
