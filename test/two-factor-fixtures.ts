import { Secret } from 'otpauth';
import { codeAt } from '../src/features/auth/server/totp.ts';
import { TWO_FACTOR } from '../src/features/auth/two-factor.schemas.ts';
import type { SignedUp } from './factories.ts';

// Two-factor sign-in's shared test steps (decision 102): codes are computed here with the same
// library the server uses, from the key the enrolment shows, as an authenticator app would.

const stepMs = TWO_FACTOR.periodSeconds * 1000;

/** The code of the time step `offset` steps from now. */
export const codeFor = (secret: string, offset = 0) => codeAt(Secret.fromBase32(secret), Date.now() + offset * stepMs);

/**
 * Waits (at most a few seconds) until the current time step has at least `needMs` left, so a
 * test that computes codes for "this step" and its neighbours does not see the step change.
 */
export const earlyInStep = async (needMs = 8_000) => {
  const left = stepMs - (Date.now() % stepMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
};

/** Turns two-factor sign-in on for `person`: the key shown and the recovery codes. */
export const enrol = async (person: SignedUp) => {
  const started = await person.api.post<{ secret: string; uri: string }>('/self/two-factor/enrol');
  if (started.status !== 200) throw new Error(`enrol failed: ${JSON.stringify(started.body)}`);
  const { secret } = started.body.result;
  await earlyInStep();
  // The previous step's code: the step now stays free for the test's own first code.
  const confirmed = await person.api.post<{ recoveryCodes: string[] }>('/self/two-factor/confirm', {
    code: codeFor(secret, -1),
  });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
  return { secret, recoveryCodes: confirmed.body.result.recoveryCodes };
};
