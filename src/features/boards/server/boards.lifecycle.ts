import type { Handler, Lifecycle } from '../../../server/lifecycle.ts';
import { DEFAULT_BOARD_LISTS, insertBoard, publishBoard } from './boards.hooks.ts';

/**
 * "Meeting Board" (decision 056): each board step that asks for a new board gets one, of this
 * meeting, with the default lists, in the agenda's transaction: a cancelled form makes nothing.
 */
const makeMeetingBoards: Handler<'meeting.agendaSaving'> = async (ctx, { meetingId, steps }) => {
  for (const [index, step] of steps.entries()) {
    if (step.keyName !== 'accountability_board' || step.boardId || !step.newBoardName) continue;
    const board = await insertBoard(
      ctx,
      { name: step.newBoardName, meetingIds: [meetingId], lists: DEFAULT_BOARD_LISTS },
      `agendaItems.${index}.newBoardName`,
    );
    publishBoard(ctx, board.id, [meetingId], 'created');
    step.boardId = board.id;
  }
};

export const registerBoardsLifecycle = (lifecycle: Lifecycle) => {
  lifecycle.on('meeting.agendaSaving', makeMeetingBoards);
};
