import { describe, expect, it } from 'vitest';
import { inZone } from '../lib/dayjs.ts';
import { topBarClock } from './clock.ts';

describe('the top bar clock', () => {
  it('shows what dayjs showed, in the person’s time zone', () => {
    const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'Pacific/Apia'];
    const instants = [
      '2026-03-02T09:30:00Z',
      '2026-03-02T00:00:00Z', // midnight: 12 AM
      '2026-03-02T12:00:00Z', // noon: 12 PM
      '2026-03-29T00:59:59Z', // Berlin's clocks jump forward at 01:00 UTC
      '2026-03-29T01:00:00Z',
      '2026-10-25T00:59:00Z',
      '2026-12-31T23:45:00Z', // a new year somewhere
      '2024-02-29T18:07:00Z',
    ];
    for (const zone of zones) {
      for (const iso of instants) {
        const at = new Date(iso);
        const clock = topBarClock(at, zone);
        expect(clock.dateTime, `${iso} ${zone}`).toBe(inZone(at, zone).format('MMMM DD, YYYY, hh:mm A'));
        expect(clock.time, `${iso} ${zone}`).toBe(inZone(at, zone).format('hh:mm A'));
      }
    }
  });

  it('reads the fields a person expects', () => {
    expect(topBarClock(new Date('2026-03-02T09:30:00Z'), 'UTC')).toEqual({
      dateTime: 'March 02, 2026, 09:30 AM',
      time: '09:30 AM',
    });
    expect(topBarClock(new Date('2026-03-02T23:05:00Z'), 'Europe/Berlin').dateTime).toBe('March 03, 2026, 12:05 AM');
  });
});
