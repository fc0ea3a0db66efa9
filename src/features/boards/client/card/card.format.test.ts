import { describe, expect, it } from 'vitest';
import { richTextIsEmpty } from '../../../../client/ui/richText.ts';
import { checklistProgress } from './card.format.ts';

const items = (...statuses: ('0' | '1')[]) => ({
  items: statuses.map((status, sort) => ({
    id: `i${sort}`,
    checklistId: 'c',
    title: `Item ${sort}`,
    status,
    sort,
    ownerId: null,
    dueDate: null,
  })),
});

describe('checklistProgress (document 2 §4)', () => {
  it('is the share of items done, in whole percent', () => {
    expect(checklistProgress(items('1', '0'))).toBe(50);
    expect(checklistProgress(items('1', '0', '0'))).toBe(33);
    expect(checklistProgress(items('1', '1', '0'))).toBe(67);
    expect(checklistProgress(items('1', '1'))).toBe(100);
  });
  it('is 0 for a checklist without items', () => {
    expect(checklistProgress(items())).toBe(0);
  });
});

describe('richTextIsEmpty', () => {
  it('treats the editor’s empty documents as empty', () => {
    for (const html of [null, undefined, '', '<p></p>', '<p> </p><p>&nbsp;</p>', '<ul><li><p></p></li></ul>'])
      expect(richTextIsEmpty(html)).toBe(true);
  });
  it('keeps text and images', () => {
    expect(richTextIsEmpty('<p>a</p>')).toBe(false);
    expect(richTextIsEmpty('<p><img src="https://example.com/a.png"></p>')).toBe(false);
  });
});
