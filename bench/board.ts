import type { startBenchServer } from './server.ts';

type BenchRequest = Awaited<ReturnType<typeof startBenchServer>>['request'];

/**
 * The bench board: `listCount` lists in one meeting. `addCards(from, to)` adds `Card from` …
 * `Card to-1` through the API, spread over the lists in turn; every other card has a due date
 * and every third is also an action item, so the filters have something to do.
 */
export const benchBoard = async (
  request: BenchRequest,
  token: string,
  ownerId: string,
  meetingId: string,
  listCount = 40,
) => {
  const board = await request<{ id: string }>(
    'POST',
    '/boards',
    {
      name: 'Bench board',
      meetingIds: [meetingId],
      lists: Array.from({ length: listCount }, (_, i) => `List ${i + 1}`),
    },
    token,
  );
  const lists = await request<{ id: string }[]>('GET', `/boards/${board.id}/task-types`, undefined, token);
  const addCards = async (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      await request(
        'POST',
        '/tasks',
        {
          title: `Card ${i}`,
          description: '<p>Some words to search through</p>',
          userId: ownerId,
          meetingIds: [meetingId],
          boardId: board.id,
          taskTypeId: lists[i % lists.length]!.id,
          showInTasks: i % 3 === 0 ? '1' : '0',
          dueDate: i % 2 === 0 ? '2026-12-01' : null,
        },
        token,
      );
    }
  };
  return { board, lists, addCards };
};
