// The calendar area's user-facing texts; texts used by two areas or more are in src/shared/messages.ts.
export const calendarMessages = {
  googleCalendarTitle: 'Google Calendar',
  googleCalendarEmbedLabel: 'Google Calendar embed URL',
  googleCalendarEmbedHint:
    'In Google Calendar: Settings, your calendar, Integrate calendar, Embed code: the address inside src="…". Leave empty to remove it.',
  calendarSettings: 'Calendar settings',

  // the calendar (decision 034)
  calendarEndBeforeStart: 'The end must be after the start',
  calendarSpanTooLong: (days: number) => `Ask for at most ${days} days at a time`,
  calendarEmpty: 'Nothing in this period: no meetings, action items or goals.',
  calendarNoMatch: (search: string) => `Nothing in this period matches "${search}".`,
  calendarSearch: 'Search events',
  calendarPeople: 'Whose items',
  calendarTruncated: 'Not every item fits: narrow the view or the people.',
  calendarDay: 'Day',
  calendarWeek: 'Week',
  calendarMonth: 'Month',
  calendarToday: 'Today',
  calendarMilestone: (title: string) => `Milestone: ${title}`,
  feedMilestoneOf: (goal: string, done: boolean) => `A milestone of the goal ${goal}${done ? ' (done)' : ''}`,
  calendarMore: (n: number) => `+${n} MORE`,
  feedName: 'Cadence',
  feedGoal: (title: string) => `Goal: ${title}`,
  feedTitle: 'Subscribe in your calendar app',
  feedHint:
    'A private address that Google Calendar, Outlook or Apple Calendar can subscribe to. Anyone with it sees your meetings and due items: keep it to yourself.',
  feedCreate: 'Create a private link',
  feedRenew: 'Replace the link',
  feedRevoke: 'Turn the link off',
  feedRevokeConfirm: 'The calendar apps that use this link will stop updating. Turn it off?',
  feedCopyOnce: 'Copy it now: it is shown only once.',
  feedActiveSince: (date: string) => `A link is active since ${date}.`,
  feedNone: 'No link yet.',
  feedCopy: 'Copy',
  feedCopied: 'Copied',
  calendarQuarterStarts: (quarter: number, year: number) => `Q${quarter} ${year} starts`,
} as const;
