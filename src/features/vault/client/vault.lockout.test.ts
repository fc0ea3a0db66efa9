import { describe, expect, it } from 'vitest';
import { savingLocksOut } from './vault.lockout.ts';

const person = (id: string) => ({ id });
const meeting = { administrators: [person('lea')], members: [person('ada'), person('gus')] };
const groups = [
  { id: 'finance', userIds: ['gus'] },
  { id: 'ops', userIds: ['ada'] },
];
const check = (userId: string, groupIds: string[], entry: { canReveal: boolean } | null = null) =>
  savingLocksOut({ userId, meeting, groups, groupIds, entry });

describe('savingLocksOut', () => {
  it('never for a leader of the meeting, whatever the groups', () => {
    expect(check('lea', ['finance'])).toBe(false);
    expect(check('lea', ['finance'], { canReveal: true })).toBe(false);
  });

  it('for a member outside every chosen group, not for one in a group or an open entry', () => {
    expect(check('ada', ['finance'])).toBe(true);
    expect(check('ada', ['finance', 'ops'])).toBe(false);
    expect(check('ada', [])).toBe(false);
    expect(check('ada', ['finance'], { canReveal: true })).toBe(true);
  });

  it('for someone outside the meeting (an admin), even open; never when the entry was already out of reach', () => {
    expect(check('max', [])).toBe(true);
    expect(check('ada', ['finance'], { canReveal: false })).toBe(false);
    expect(check('max', [], { canReveal: false })).toBe(false);
  });
});
