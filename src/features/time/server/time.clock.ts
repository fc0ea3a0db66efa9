// The instant the budget period is read at (a monthly budget's month). One source for the
// budget bars and the alerts, so a test can move it to the next month (decision 064).
export const timeClock = { now: (): Date => new Date() };
