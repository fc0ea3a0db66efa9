import { describe, expect, it } from 'vitest';
import { scheduleDefaults } from './ScheduleFields.tsx';
import { detailProblems, requiredMessages } from './wizard.problems.ts';

// Step two of the new-meeting wizard names the missing fields in the spec's words (document 1 §5).
describe('the new-meeting wizard’s required fields', () => {
  const schedule = scheduleDefaults('2026-03-02');

  it('says which of name, URL, start date and start time are missing, as the spec writes it', () => {
    const empty = { ...schedule, startDate: '', startTime: null };
    expect(requiredMessages(detailProblems('', '', empty))).toEqual([
      'Meeting Name * - This field is required',
      'Meeting URL * - This field is required',
      'Start date * - This field is required',
      'Start time * - This field is required',
    ]);
  });

  it('says "Repeat * - This field is required" when no repeat is chosen, or a custom one has no unit', () => {
    const filled = { ...schedule, startDate: '2026-03-02', startTime: '09:00' };
    expect(requiredMessages(detailProblems('L10', 'meet.example.com/l10', { ...filled, interval: null }))).toEqual([
      'Repeat * - This field is required',
    ]);
    const custom = { ...filled, interval: 'custom' as const, repeatEvery: '2', repeatType: null };
    expect(requiredMessages(detailProblems('L10', 'meet.example.com/l10', custom))).toEqual([
      'Repeat * - This field is required',
    ]);
  });

  it('lists nothing once every field is filled, and an invalid URL is not a missing one', () => {
    const filled = { ...schedule, startDate: '2026-03-02', startTime: '09:00' };
    expect(requiredMessages(detailProblems('L10', 'meet.example.com/l10', filled))).toEqual([]);
    expect(requiredMessages(detailProblems('L10', 'not a url', filled))).toEqual([]);
    expect(detailProblems('L10', 'not a url', filled).map((p) => p.field)).toEqual(['sharepointUrl']);
  });
});
