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
} as const;
