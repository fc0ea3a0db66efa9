import { describe, expect, it } from 'vitest';
import { dayjs, inZone } from './dayjs.ts';

// inZone must read exactly as dayjs's own tz() does, across zones and their clock changes.
describe('inZone', () => {
  const instants = [
    '2026-03-08T06:59:00Z', // New York, a minute before the spring change
    '2026-03-08T07:00:00Z', // New York, the spring change
    '2026-11-01T05:30:00Z', // New York, inside the repeated autumn hour
    '2026-03-29T00:59:59Z', // Berlin, a second before the change
    '2026-03-29T01:00:00Z',
    '2026-10-04T15:45:00Z', // Kathmandu is +05:45; Adelaide changes that day
    '2026-12-31T23:30:00Z', // a new year in one zone and not another
  ];
  const zones = [
    'America/New_York',
    'Europe/Berlin',
    'Asia/Kathmandu',
    'Australia/Adelaide',
    'UTC',
    'Pacific/Kiritimati',
  ];

  it('shows the same wall-clock time as dayjs tz()', () => {
    for (const instant of instants) {
      for (const zone of zones) {
        const format = 'YYYY-MM-DD HH:mm:ss ddd';
        expect(inZone(instant, zone).format(format), `${instant} ${zone}`).toBe(dayjs(instant).tz(zone).format(format));
        expect(inZone(new Date(instant), zone).hour()).toBe(dayjs(instant).tz(zone).hour());
      }
    }
  });

  it('reads an invalid instant as an invalid date, not a throw', () => {
    expect(inZone('not a date', 'Europe/Berlin').isValid()).toBe(false);
    expect(inZone('not a date', 'Europe/Berlin').format('YYYY')).toBe('Invalid Date');
  });
});
