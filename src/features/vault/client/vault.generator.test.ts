import { describe, expect, it } from 'vitest';
import { VAULT_GENERATOR } from '../../../shared/constants.ts';
import { generatePassword } from './vault.generator.ts';

describe('generatePassword', () => {
  it('makes passwords of the asked length (within bounds) with every character class', () => {
    for (const [asked, length] of [
      [20, 20],
      [3, VAULT_GENERATOR.min],
      [500, VAULT_GENERATOR.max],
    ] as const) {
      const password = generatePassword(asked);
      expect(password).toHaveLength(length);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[^a-zA-Z0-9]/);
    }
  });

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generatePassword()));
    expect(seen.size).toBe(200);
  });
});
