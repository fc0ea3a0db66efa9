// The settings area's user-facing texts; texts used by two areas or more are in src/shared/messages.ts.
export const settingsMessages = {
  widgetsIncomplete: 'Send every widget exactly once, in the wanted order',
  httpsUrlRequired: 'Enter an address that starts with https://',
  googleCalendarEmbedRequired: 'Enter a Google Calendar embed address (https://calendar.google.com/calendar/embed?…)',
  homeMeetingsSaveFailed: 'Your choice of meetings could not be saved.',
  tooManyHiddenMeetings: (max: number) => `Hide at most ${max} meetings`,
} as const;
