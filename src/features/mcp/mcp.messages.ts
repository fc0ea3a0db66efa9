// The assistant's side of Cadence: its tools' and resources' descriptions (read by the assistant
// to choose a tool) and the texts of its refusals.
export const mcpMessages = {
  listMyTodosTitle: 'My to-dos',
  listMyTodos: 'The to-dos the token’s person owns or is on, open ones by default, with due dates and meetings.',
  nextAgendaTitle: 'Next meeting’s agenda',
  nextAgenda:
    'When the next meeting is and what is on its agenda: the caller’s next meeting, or the next session of the meeting given.',
  offTrackTitle: 'Off track this quarter',
  offTrack:
    'The meeting’s goals (rocks) that are off track or overdue, and its KPIs whose latest value this quarter misses the goal.',
  addTodoTitle: 'Add a to-do',
  addTodo: 'Adds a to-do to a meeting. The owner defaults to the token’s person; the due date is YYYY-MM-DD.',
  addIssueTitle: 'Add an issue',
  addIssue:
    'Adds an issue to a meeting’s issues list, to be discussed and solved. The owner defaults to the token’s person.',
  enterKpiTitle: 'Enter a KPI value',
  enterKpi:
    'Enters a KPI’s value for a meeting date of its scorecard: the current one unless a session is given. An empty value clears it.',
  summariseTitle: 'Summarise the last session',
  summarise:
    'The last held session of a meeting in short: who came, the rating, headlines, issues solved, to-dos made, goals changed, KPIs missed and cascading messages.',
  missingTitle: 'Numbers not entered',
  missing: 'Who has not entered their KPI values for the meeting’s current date, and which KPIs.',
  meetingIdField: 'The meeting’s id (the meetings’ ids are listed as resources)',
  stateField: 'active: still open; done: finished',
  titleField: 'What it is, as the team will read it',
  ownerField: 'The person who owns it (a member of the meeting); the token’s person when left out',
  dueField: 'The due date, YYYY-MM-DD',
  scoreField: 'The KPI’s id (see the meeting’s scorecard resource)',
  valueField: 'The value, a number as typed ("1,250", "12.5%", "$300"); empty clears it',
  sessionField: 'The meeting date’s session id; the scorecard’s current one when left out',
  noNextMeeting: 'No meeting of the caller is planned.',
  noCurrentSession: 'The meeting has no current meeting date to enter a value for: give a session id.',
  noArchive: 'The meeting has no held session yet.',
  resourceTitle: (kind: 'archive' | 'scorecard') =>
    kind === 'archive' ? 'A meeting’s latest archive' : 'A meeting’s scorecard',
  resourceDescription: (kind: 'archive' | 'scorecard') =>
    kind === 'archive'
      ? 'The snapshot of the newest held session of the meeting, as Cadence archived it.'
      : 'The meeting’s KPIs this quarter, a value per meeting date, each green or red against its goal.',
  resourceName: (kind: 'archive' | 'scorecard', meeting: string) =>
    `${meeting}: ${kind === 'archive' ? 'latest archive' : 'scorecard'}`,
  refused: (status: number, message: string, errors?: Record<string, string>) =>
    `Cadence refused (${status}): ${message}${
      errors && Object.keys(errors).length > 0
        ? ` (${Object.entries(errors)
            .map(([field, text]) => `${field}: ${text}`)
            .join('; ')})`
        : ''
    }`,
  failed: (reason: string) => `The tool failed: ${reason}`,
  unauthorized: 'An API token of this Cadence (cad_…) is needed: create one in Settings → Security.',
  stdioNeedsToken:
    'Set CADENCE_URL (the address of your Cadence, e.g. http://localhost:3000) and CADENCE_TOKEN (an API token, cad_…).',
} as const;
