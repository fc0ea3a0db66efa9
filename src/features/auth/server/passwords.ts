import { hash, verify } from '@node-rs/argon2';

// argon2id with the parameters of ARCHITECTURE.md (OWASP's minimum for argon2id).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, options);

export const verifyPassword = async (stored: string | null, plain: string): Promise<boolean> => {
  if (!stored) return false;
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
};

// Verified against when the email is unknown, so that the answer takes as long as for a real one.
let decoy: Promise<string> | undefined;
export const decoyHash = () => {
  decoy ??= hashPassword('not-a-real-password');
  return decoy;
};
