import { describe, expect, it } from 'vitest';
import { emailProblem } from './emailCheck.ts';
import { email } from './validation.ts';

const schemaProblem = (value: string) => {
  const result = email().safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

describe('the sign-in page’s email check', () => {
  it('says what the shared schema says, for good and bad addresses', () => {
    const samples = [
      '',
      '   ',
      'ada@example.com',
      '  Ada.Lovelace+notes@Example.co.uk  ',
      'ada@example',
      'ada.@example.com',
      '.ada@example.com',
      'ada..l@example.com',
      'ada@@example.com',
      'ada example@example.com',
      "o'brien@example.ie",
      'ada@-example.com',
      `${'a'.repeat(250)}@example.com`,
    ];
    for (const sample of samples) expect(emailProblem(sample), JSON.stringify(sample)).toBe(schemaProblem(sample));
  });
});
