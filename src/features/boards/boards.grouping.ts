// Without the schemas: the board's screens use these before any form (and the validation
// library with it) has loaded (decision 143).

/**
 * How the board's cards make columns: by list (default), by user (a card sits in the column of
 * its owner and of each member, or in "No one"), or by status (Active, Done).
 */
export const BOARD_GROUPINGS = ['list', 'user', 'status'] as const;
export type BoardGrouping = (typeof BOARD_GROUPINGS)[number];
/** The user column of cards with neither owner nor members. */
export const NOBODY = 'nobody';
/** The status columns. */
export const STATUS_GROUPS = ['active', 'done'] as const;
/** Cards per column in the board call unless asked for more; the rest come a page at a time. */
export const BOARD_PAGE_SIZE = 20;
