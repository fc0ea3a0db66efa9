import { describe, expect, it } from 'vitest';
import { deviceName } from './SessionsCard.tsx';

describe('the device of a session', () => {
  it('names the browser and the system of a User-Agent', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      ),
    ).toBe('Chrome on macOS');
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0')).toBe(
      'Firefox on Windows',
    );
    expect(deviceName(null)).toBe('Unknown browser');
    expect(deviceName('curl/8.0')).toBe('curl/8.0');
  });
});
