import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { webhooksMessages } from '../webhooks.messages.ts';

// Where a delivery may go, and the sending itself. A receiver is refused when its address is
// private, loopback, link-local or otherwise not public (unless the server allows it: tests and a
// local receiver), checked on the address the connection really uses: the check runs inside the
// socket's DNS lookup, so a name that resolves differently a second time cannot slip through.
// Redirects are never followed (node:http does not follow them).

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address (v4, v6, or v4 mapped into v6) is one a webhook may not reach. */
export const isPrivateAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, 'ipv6');
};

export class RefusedDestination extends Error {
  override name = 'RefusedDestination';
}

/** The URL's host as an IP literal (IPv6 without its brackets), or null for a name. */
const literalHost = (url: URL) => {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
};

/** Refuses a URL whose host is a private literal address or `localhost` (before any lookup). */
export const isPrivateUrl = (value: string) => {
  const url = new URL(value);
  const literal = literalHost(url);
  if (literal) return isPrivateAddress(literal);
  return url.hostname === 'localhost' || url.hostname.endsWith('.localhost');
};

/** How a name becomes addresses: the system's resolver (tests hand in their own). */
export type Resolver = (
  hostname: string,
  options: { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const dnsLookupAsResolver = dnsLookup as unknown as Resolver;

/** A DNS lookup that fails when any address the name resolves to is not public. */
const checkingLookup =
  (resolver: Resolver): LookupFunction =>
  (hostname, options, callback) =>
    resolver(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses;
      if (list.length === 0 || list.some((entry) => isPrivateAddress(entry.address)))
        return callback(new RefusedDestination(webhooksMessages.refusedAddress), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });

// Connections are kept alive per receiver. Each socket was checked by its own lookup when it was
// made (its peer address never changes), and the agents of the two modes never share one.
const agents = {
  checked: {
    http: new http.Agent({ keepAlive: true, maxSockets: 32 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 32 }),
  },
  open: {
    http: new http.Agent({ keepAlive: true, maxSockets: 32 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 32 }),
  },
};

export interface SendResult {
  /** The receiver's HTTP status, or null when none came (refused, unreachable, timed out). */
  status: number | null;
  ms: number;
  error: string | null;
}

/**
 * POSTs `body` to `target` with `headers`, within `timeoutMs`, reading at most a little of the
 * answer. A 2xx is a success; anything else, a redirect included, is a failure to retry.
 */
export const sendTo = (
  target: string,
  body: string,
  headers: Record<string, string>,
  {
    allowPrivate,
    timeoutMs,
    resolver = dnsLookupAsResolver,
  }: { allowPrivate: boolean; timeoutMs: number; resolver?: Resolver },
): Promise<SendResult> => {
  const began = performance.now();
  const elapsed = () => Math.round(performance.now() - began);
  return new Promise((settle) => {
    // A plain timer, not AbortSignal.timeout: this runs for every delivery, and a signal costs
    // some 80 times more CPU than a timer.
    let timer: NodeJS.Timeout | undefined;
    const resolve = (result: SendResult) => {
      clearTimeout(timer);
      settle(result);
    };
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return resolve({ status: null, ms: 0, error: webhooksMessages.urlInvalid });
    }
    const literal = literalHost(url);
    if (!allowPrivate && (literal ? isPrivateAddress(literal) : isPrivateUrl(target)))
      return resolve({ status: null, ms: 0, error: webhooksMessages.refusedAddress });
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        ...(allowPrivate || literal ? {} : { lookup: checkingLookup(resolver) }),
        // A resolver of the caller's own (tests) gets a connection of its own.
        agent:
          resolver === dnsLookupAsResolver
            ? agents[allowPrivate ? 'open' : 'checked'][client === https ? 'https' : 'http']
            : false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // The answer's body is not kept; reading it lets the socket close cleanly.
        response.resume();
        response.on('end', () => {
          const redirect = status >= 300 && status < 400;
          resolve({
            status,
            ms: elapsed(),
            error: redirect ? webhooksMessages.redirectNotFollowed : null,
          });
        });
        response.on('error', () => resolve({ status, ms: elapsed(), error: null }));
      },
    );
    timer = setTimeout(() => {
      const timedOut = new Error(webhooksMessages.timedOut);
      timedOut.name = 'TimeoutError';
      request.destroy(timedOut);
    }, timeoutMs);
    request.on('error', (error: Error) => {
      const message =
        error instanceof RefusedDestination || error.cause instanceof RefusedDestination
          ? webhooksMessages.refusedAddress
          : error.name === 'TimeoutError' || error.name === 'AbortError'
            ? webhooksMessages.timedOut
            : error.message.slice(0, 200);
      resolve({ status: null, ms: elapsed(), error: message });
    });
    request.end(body);
  });
};
