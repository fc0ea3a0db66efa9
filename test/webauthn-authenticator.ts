import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

// A software passkey for API tests: what a platform authenticator does for
// `navigator.credentials.create/get` (P-256 key, "none" attestation, user verified), so the
// server's WebAuthn checks run on real signatures. The browser tests use Chromium's own virtual
// authenticator instead.

type Cbor = number | string | Buffer | Map<Cbor, Cbor>;

const head = (major: number, value: number) => {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 256) return Buffer.from([(major << 5) | 24, value]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(value, 1);
  return out;
};

/** The little CBOR that an attestation needs: integers, byte and text strings, maps. */
const cbor = (value: Cbor): Buffer => {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
};

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (data: Buffer) => data.toString('base64url');
const uint32 = (value: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
};

const FLAGS = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 };

export interface CreationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
}
export interface RequestOptions {
  challenge: string;
  rpId: string;
}

/** One passkey on one device, for the site at `origin`. */
export const softPasskey = (origin: string) => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const credentialId = randomBytes(16);
  const id = b64(credentialId);
  let counter = 0;
  let userHandle = '';
  const clientData = (type: string, challenge: string, from = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  return {
    id,
    /** `navigator.credentials.create` for these options. */
    create: (options: CreationOptions, { from = origin, rpId = options.rp.id } = {}) => {
      userHandle = options.user.id;
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([FLAGS.userPresent | FLAGS.userVerified | FLAGS.attested]),
        uint32(counter),
        Buffer.alloc(16), // AAGUID: none
        Buffer.from([0, credentialId.length]),
        credentialId,
        coseKey,
      ]);
      const attestation = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, from)),
          attestationObject: b64(attestation),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** `navigator.credentials.get` for these options; `verified: false` as if the fingerprint was skipped. */
    get: (options: RequestOptions, { from = origin, verified = true, handle = userHandle } = {}) => {
      counter += 1;
      const flags = FLAGS.userPresent | (verified ? FLAGS.userVerified : 0);
      const authData = Buffer.concat([sha256(options.rpId), Buffer.from([flags]), uint32(counter)]);
      const data = clientData('webauthn.get', options.challenge, from);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle: handle,
        },
        clientExtensionResults: {},
      };
    },
  };
};
