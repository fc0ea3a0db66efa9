// The receiver's check that docs/api.md shows (Outbound webhooks): the tests import this file and
// check that the page shows it word for word.

import { createHmac, timingSafeEqual } from 'node:crypto';

export const verifyCadenceSignature = (secret: string, header: string, rawBody: string, toleranceSeconds = 300) => {
  const parts = header.split(',').map((part) => part.trim().split('=', 2));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return parts.some(
    ([key, value]) =>
      key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? '') && timingSafeEqual(Buffer.from(value!, 'hex'), expected),
  );
};
