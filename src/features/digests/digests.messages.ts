// Texts of the before-meeting digest (decision 125): what a person gets, and the meeting's setting.

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

/** At most this many titles of each kind are named in the mail's and Slack's text. */
const NAMED = 5;
const named = (titles: readonly string[]) =>
  titles.slice(0, NAMED).join(', ') + (titles.length > NAMED ? ` and ${titles.length - NAMED} more` : '');

export interface DigestCounts {
  kpis: readonly string[];
  todos: readonly string[];
  goals: readonly string[];
}

const parts = ({ kpis, todos, goals }: DigestCounts) =>
  [
    kpis.length > 0 ? plural(kpis.length, 'empty KPI', 'empty KPIs') : null,
    todos.length > 0 ? plural(todos.length, 'to-do due', 'to-dos due') : null,
    goals.length > 0 ? plural(goals.length, 'goal to update', 'goals to update') : null,
  ].filter((part): part is string => part !== null);

export const digestsMessages = {
  /** The bell's text: the meeting, its date and how many of each. */
  notification: (meeting: string, date: string, counts: DigestCounts) =>
    `Before ${meeting} on ${date}: ${parts(counts).join(', ')}`,
  /** The mail's text: the same, with the titles. */
  mailText: (meeting: string, date: string, { kpis, todos, goals }: DigestCounts) =>
    [
      `Before ${meeting} on ${date}, please take care of:`,
      kpis.length > 0 ? `KPIs still empty: ${named(kpis)}.` : null,
      todos.length > 0 ? `To-dos due: ${named(todos)}.` : null,
      goals.length > 0 ? `Goals whose status was not updated this week: ${named(goals)}.` : null,
    ]
      .filter((line) => line !== null)
      .join(' '),
  /** The items the bell lists under the text. */
  kpiItem: (title: string) => `KPI: ${title}`,
  todoItem: (title: string, due: string) => `To-do: ${title} (due ${due})`,
  goalItem: (title: string) => `Goal: ${title}`,
  // The setting
  label: 'Before-meeting digest',
  selectLabel: 'Send each person what they owe the meeting',
  description:
    'Each person gets one message listing their empty KPIs, to-dos due and goals not updated this week, by their notification settings. KPIs are left out while the KPI reminder is on.',
  off: 'Off',
  hoursBefore: (hours: number) => (hours === 1 ? '1 hour before the meeting' : `${hours} hours before the meeting`),
  saved: 'Digest setting saved',
  saveFailed: 'The digest setting could not be saved',
  loadFailed: 'The digest setting could not be loaded',
  leadersOnly: 'Only the meeting’s leaders and workspace admins change this.',
};
