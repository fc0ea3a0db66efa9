import type { AgendaKey, AgendaTaskType, MeetingTemplate } from './meetings.schemas.ts';

// The agendas a new meeting can start from (`GET meeting-templates`). They are the product's,
// not a workspace's, so they live in code. See docs/decisions/006-default-agenda.md.

type Item = {
  title: string;
  keyName: AgendaKey;
  duration: number;
  description?: string;
  checked?: boolean;
  taskType?: AgendaTaskType;
};

const items = (list: Item[]) =>
  list.map((item) => ({
    checked: true,
    ...item,
    description: item.description ?? null,
    // An action-items step shows to-dos unless it says otherwise.
    taskType: item.taskType ?? (item.keyName === 'to_do_list' ? ('4' as const) : null),
  }));

/** The default agenda: an EOS-style weekly Level 10 meeting, nine items, 90 minutes. */
export const DEFAULT_AGENDA = items([
  { title: 'Segue', keyName: 'free_activity', duration: 5, description: 'Good news: one personal, one professional.' },
  { title: 'KPIs', keyName: 'scorecard', duration: 5, description: 'Review the scorecard: on or off track.' },
  { title: 'Goals', keyName: 'rock_review', duration: 5, description: 'Each goal: on track or off track.' },
  {
    title: 'Headlines',
    keyName: 'to_do_list',
    taskType: '3',
    duration: 5,
    description: 'Customer and employee headlines.',
  },
  { title: 'Action Items', keyName: 'to_do_list', duration: 15, description: 'Last week’s to-dos: done or not done.' },
  { title: 'Issues', keyName: 'to_do_list', taskType: '2', duration: 40, description: 'Identify, discuss, solve.' },
  { title: 'Cascading Messages', keyName: 'cascading_messages', duration: 5, description: 'What to tell whom.' },
  { title: 'Recap', keyName: 'todo_recap', duration: 5, description: 'Read back the new to-dos.' },
  { title: 'Meeting Scores', keyName: 'conclusion', duration: 5, description: 'Rate the meeting from 1 to 10.' },
]);

export const MEETING_TEMPLATES: MeetingTemplate[] = [
  {
    id: 'weekly-level-10',
    title: 'Weekly Level 10 meeting',
    description: 'The weekly leadership or team meeting: 90 minutes, same day and time every week.',
    isDefault: true,
    agendaItems: DEFAULT_AGENDA,
  },
  {
    id: 'quarterly-planning',
    title: 'Quarterly planning',
    description: 'A day to review the quarter and set the next quarter’s goals.',
    isDefault: false,
    agendaItems: items([
      { title: 'Segue', keyName: 'free_activity', duration: 15 },
      { title: 'Review previous quarter', keyName: 'rock_review', duration: 60 },
      { title: 'KPIs', keyName: 'scorecard', duration: 30 },
      { title: 'Review the vision', keyName: 'free_activity', duration: 60 },
      { title: 'Establish next quarter’s goals', keyName: 'free_activity', duration: 120 },
      { title: 'Tackle key issues', keyName: 'free_activity', duration: 180 },
      { title: 'Next steps', keyName: 'to_do_list', duration: 15 },
      { title: 'Meeting Scores', keyName: 'conclusion', duration: 15 },
    ]),
  },
  {
    id: 'annual-planning',
    title: 'Annual planning',
    description: 'Two days to look back on the year, refresh the vision and plan the next year.',
    isDefault: false,
    agendaItems: items([
      { title: 'Segue', keyName: 'free_activity', duration: 30 },
      { title: 'Review previous year', keyName: 'rock_review', duration: 90 },
      { title: 'Team health', keyName: 'free_activity', duration: 120 },
      { title: 'Vision and 3-year picture', keyName: 'free_activity', duration: 180 },
      { title: 'One-year plan', keyName: 'free_activity', duration: 180 },
      { title: 'First quarter’s goals', keyName: 'free_activity', duration: 120 },
      { title: 'Tackle key issues', keyName: 'free_activity', duration: 180 },
      { title: 'Next steps', keyName: 'to_do_list', duration: 30 },
      { title: 'Meeting Scores', keyName: 'conclusion', duration: 15 },
    ]),
  },
  {
    id: 'one-on-one',
    title: 'One-on-one',
    description: 'A manager and a direct report: what is working, what is not, and what comes next.',
    isDefault: false,
    agendaItems: items([
      { title: 'Check-in', keyName: 'free_activity', duration: 5 },
      { title: 'KPIs', keyName: 'scorecard', duration: 10 },
      { title: 'Goals', keyName: 'rock_review', duration: 10 },
      { title: 'What is working, what is not', keyName: 'free_activity', duration: 20 },
      { title: 'Action Items', keyName: 'to_do_list', duration: 10 },
      { title: 'Meeting Scores', keyName: 'conclusion', duration: 5 },
    ]),
  },
];
