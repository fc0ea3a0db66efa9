// The home area's user-facing texts; texts used by two areas or more are in src/shared/messages.ts.
export const homeMessages = {
  // the home widgets (document 1 §1–2)
  widgetsButton: 'Arrange home widgets',
  widgetsTitle: 'Home widgets',
  widgetsHint:
    'Drag a widget by its handle to move it (or focus the handle, press Space, then the arrow keys). Untick to hide it.',
  widgetShown: (title: string) => `Show ${title}`,
  widgetMove: (title: string) => `Move ${title}`,
  homeMeetingsFilter: 'Show or hide meetings',
  /** A meeting's toggle on home: pressed while its items are shown (like the widgets' "Show …" ticks). */
  homeMeetingToggle: (title: string) => `Show ${title}`,
  homeMeetingsShowAll: 'Show all',
  homeMeetingsHidden: (n: number) => (n === 1 ? '1 meeting hidden' : `${n} meetings hidden`),
  homeTodosLoadFailed: 'Your to-dos could not be loaded.',
  homeGoalsLoadFailed: 'Your goals could not be loaded.',
  homeDue: (date: string) => `Due ${date}`,
  homeNoDue: 'No due date',
  homeMoreItems: (n: number) => `and ${n} more`,
  // the getting-started panel
  gettingStartedTitle: 'Get started with Cadence',
  gettingStartedIntro: 'A few steps to set up your workspace.',
  gettingStartedAllDone: 'All set: your workspace is ready. You can close this panel.',
  gettingStartedDismiss: 'Close the getting-started panel',
  gettingStartedLoadFailed: 'The getting-started steps could not be loaded',
  gettingStartedDone: 'Done',
  gettingStartedToDo: 'Not done yet',
  stepMeetingTitle: 'Create your first meeting',
  stepMeetingText: 'Set up a recurring meeting: its schedule, leaders and members.',
  stepMeetingAction: 'Create a meeting',
  stepTeamTitle: 'Add your team',
  stepTeamText: 'Invite the people you meet with to this workspace.',
  stepTeamDirectory: 'Open the Directory',
  stepTeamInvite: 'Invite people',
  stepScorecardTitle: 'Set up the scorecard',
  stepScorecardText: 'Add the numbers your team reviews every week.',
  stepScorecardAction: 'Open the scorecard settings',
  stepScorecardNoMeeting: 'Go to your meetings',
} as const;
