import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookReceiver } from '../../../../test/webhook-receiver.ts';
import { webhooksMessages } from '../webhooks.messages.ts';
import { isPrivateAddress, type Resolver, sendTo } from './webhooks.destination.ts';

// Server-side request forgery: a webhook must not reach the server's own network unless the
// configuration allows it, whatever the URL says or the name resolves to; redirects are not followed.

let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
beforeAll(async () => {
  receiver = await webhookReceiver([200]);
});
afterAll(() => receiver.close());

/** A resolver that answers `addresses` for every name. */
const resolvingTo =
  (...addresses: string[]): Resolver =>
  (_hostname, _options, callback) =>
    callback(
      null,
      addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

const strict = { allowPrivate: false, timeoutMs: 2000 };

describe('webhook destinations', () => {
  it('knows private, loopback and link-local addresses, v4 and v6', () => {
    for (const address of [
      '127.0.0.1',
      '10.20.30.40',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses literal private addresses and localhost without connecting', async () => {
    const before = receiver.received.length;
    for (const url of [
      receiver.url,
      `http://10.0.0.1:${receiver.port}/`,
      'http://169.254.169.254/latest/meta-data',
      `http://[::1]:${receiver.port}/`,
      `http://[::ffff:127.0.0.1]:${receiver.port}/`,
      `http://localhost:${receiver.port}/`,
    ]) {
      const result = await sendTo(url, '{}', {}, strict);
      expect(result, url).toMatchObject({ status: null, error: webhooksMessages.refusedAddress });
    }
    expect(receiver.received.length).toBe(before);
  });

  it('refuses a name that resolves to loopback (or any private address among its answers)', async () => {
    const before = receiver.received.length;
    for (const answers of [['127.0.0.1'], ['::1'], ['93.184.216.34', '10.0.0.7'], ['::ffff:192.168.0.1']]) {
      const result = await sendTo(
        `http://receiver.example:${receiver.port}/hook`,
        '{}',
        {},
        {
          ...strict,
          resolver: resolvingTo(...answers),
        },
      );
      expect(result, answers.join()).toMatchObject({ status: null, error: webhooksMessages.refusedAddress });
    }
    expect(receiver.received.length).toBe(before);
  });

  it('lets a public answer through the check (the connection itself may then fail here)', async () => {
    const result = await sendTo(
      'http://public.example:9/hook',
      '{}',
      {},
      {
        allowPrivate: false,
        timeoutMs: 300,
        resolver: resolvingTo('203.0.113.10'),
      },
    );
    expect(result.error).not.toBe(webhooksMessages.refusedAddress);
  });

  it('sends to a local receiver when the server allows private addresses, and does not follow a redirect', async () => {
    const ok = await sendTo(
      receiver.url,
      '{"a":1}',
      { 'content-type': 'application/json' },
      {
        allowPrivate: true,
        timeoutMs: 2000,
      },
    );
    expect(ok).toMatchObject({ status: 200, error: null });
    receiver.answer([302, 200]);
    const before = receiver.received.length;
    const redirected = await sendTo(receiver.url, '{}', {}, { allowPrivate: true, timeoutMs: 2000 });
    expect(redirected).toMatchObject({ status: 302, error: webhooksMessages.redirectNotFollowed });
    expect(receiver.received.slice(before).map((r) => r.path)).toEqual(['/hook']);
    receiver.answer([200]);
  });
});
