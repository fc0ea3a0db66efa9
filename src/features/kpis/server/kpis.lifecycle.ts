import type { Handler, Lifecycle } from '../../../server/lifecycle.ts';
import { addCellsForSessions } from './cells.hooks.ts';

// Every score of the meeting gets an empty cell on each new date (document 1 §4).
const addCells: Handler<'meeting.sessionsAdded'> = ({ db }, { meetingId, sessionIds }) =>
  addCellsForSessions(db, meetingId, sessionIds);

export const registerKpisLifecycle = (lifecycle: Lifecycle) => {
  lifecycle.on('meeting.sessionsAdded', addCells);
};
