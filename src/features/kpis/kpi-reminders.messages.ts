// Texts of the scorecard nudge (decision 120): the reminder an owner gets, and the setting.
export const kpiReminderMessages = {
  /** The bell's text (and the mail's and Slack's): how many KPIs, of which meeting, and which. */
  notification: (count: number, meeting: string, date: string, titles: readonly string[]) => {
    const shown = titles.slice(0, 5).join(', ');
    const more = titles.length > 5 ? ` and ${titles.length - 5} more` : '';
    const what = count === 1 ? '1 KPI' : `${count} KPIs`;
    return `${what} of yours for ${meeting} on ${date} ${count === 1 ? 'is' : 'are'} still empty: ${shown}${more}`;
  },
  // The setting
  title: 'Reminders',
  label: 'Remind owners of empty KPIs',
  description: 'Owners of KPIs still empty for the next meeting date get a reminder, by their notification settings.',
  off: 'Off',
  hoursBefore: (hours: number) => (hours === 1 ? '1 hour before the meeting' : `${hours} hours before the meeting`),
  saved: 'Reminder saved',
  saveFailed: 'The reminder could not be saved',
  loadFailed: 'The reminder setting could not be loaded',
  leadersOnly: 'Only the meeting’s leaders and workspace admins change this.',
};
