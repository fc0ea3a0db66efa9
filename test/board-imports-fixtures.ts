// A Trello board export made by code, of any size (board import tests, bench/board-imports.ts):
// three open lists and an archived one, four labels, and cards that by their number carry
// labels, members (Ada, Ben, or someone the workspace does not know), a due date, a done mark,
// checklists (one with an empty item, left out by the import) and comments by their authors.

const LISTS = ['Backlog', 'Doing', 'Done'];
const LABELS: [name: string, color: string][] = [
  ['Marketing', 'green'],
  ['Urgent', 'red'],
  ['', 'sky'],
  ['Later', 'purple'],
];
const PEOPLE = ['Ada Person', 'Ben Person', 'Carla Unknown'];

const pad = (n: number) => String(n).padStart(5, '0');

export const trelloBoardOf = (cardCount: number, name = 'Generated board') => {
  const lists = LISTS.map((list, i) => ({ id: `list-${i}`, name: list, closed: false, pos: (i + 1) * 1000 }));
  lists.push({ id: 'list-old', name: 'Old', closed: true, pos: 9000 });
  const labels = LABELS.map(([label, color], i) => ({ id: `label-${i}`, name: label, color }));
  const members = PEOPLE.map((fullName, i) => ({ id: `member-${i}`, fullName, username: `m${i}` }));
  const cards = [];
  const checklists = [];
  const actions = [];
  for (let n = 0; n < cardCount; n += 1) {
    const id = `card-${pad(n)}`;
    const checklistIds: string[] = [];
    for (let c = 0; c < n % 3; c += 1) {
      const checklistId = `${id}-cl-${c}`;
      checklistIds.push(checklistId);
      checklists.push({
        id: checklistId,
        idCard: id,
        name: c === 0 ? 'Steps' : `Checks ${c}`,
        // Listed out of order: the import sorts by position.
        pos: 100 - c,
        checkItems: Array.from({ length: 1 + ((n + c) % 4) }, (_, i) => ({
          name: i === 3 ? '   ' : `Item ${i + 1} of card ${n}`,
          state: (n + i) % 2 === 0 ? 'complete' : 'incomplete',
          pos: i,
        })),
      });
    }
    cards.push({
      id,
      name: `Card ${pad(n)}${n % 7 === 0 ? ' <b>bold</b>' : ''}`,
      desc: n % 4 === 0 ? `About card ${n}.\n\nSecond <i>paragraph</i> & more.` : '',
      idList: n % 11 === 10 ? 'list-old' : `list-${n % 3}`,
      idLabels: labels.filter((_, i) => (n >> i) % 2 === 1).map((label) => label.id),
      idChecklists: checklistIds,
      idMembers: members.filter((_, i) => (n + i) % 3 === 0 || (i === 1 && n % 5 === 0)).map((member) => member.id),
      due: n % 3 === 1 ? `2026-0${1 + (n % 9)}-1${n % 10}T12:00:00.000Z` : null,
      dueComplete: n % 6 === 2,
      closed: n % 13 === 12,
      pos: cardCount - n,
    });
    for (let c = 0; c < n % 4; c += 1)
      actions.push({
        id: `${id}-comment-${c}`,
        type: 'commentCard',
        date: `2026-01-${10 + c}T09:00:00.000Z`,
        data: { text: `Comment ${c + 1} on ${n}\n\nwith <b>markup</b>`, card: { id } },
        memberCreator: { fullName: PEOPLE[(n + c) % 3], username: 'x' },
      });
  }
  // Trello lists actions newest first.
  actions.reverse();
  return { id: 'board-generated', name, lists, labels, members, cards, checklists, actions };
};

export const trelloBoardFile = (cardCount: number, name?: string) =>
  Buffer.from(JSON.stringify(trelloBoardOf(cardCount, name)));
