import { VAULT_GENERATOR } from '../../../shared/constants.ts';

// The form's password generator: the browser's CSPRNG, a character chosen without modulo
// bias (rejection sampling), and at least one of each class.

const CLASSES = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!#$%&*+-=?@^_~'];
const ALL = CLASSES.join('');

/** A uniform index below `n`, from crypto.getRandomValues. */
const randomBelow = (n: number): number => {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    if (buffer[0]! < limit) return buffer[0]! % n;
  }
};

const pick = (alphabet: string) => alphabet[randomBelow(alphabet.length)]!;

export const generatePassword = (length: number = VAULT_GENERATOR.default): string => {
  const size = Math.min(VAULT_GENERATOR.max, Math.max(VAULT_GENERATOR.min, Math.floor(length)));
  const chars = [...CLASSES.map(pick), ...Array.from({ length: size - CLASSES.length }, () => pick(ALL))];
  // Fisher–Yates, so the guaranteed characters are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
};
