// The answer of a workspace that requires two-factor sign-in to a member who has none
// (decision 102): the server core sends it, the client recognises it by `errors.twoFactor`.

/** `errors.twoFactor` of that 403. */
export const TWO_FACTOR_REQUIRED_CODE = 'enrolment-required';

export const twoFactorRequiredMessage = 'This workspace requires two-factor sign-in. Turn it on to keep working here.';

/** Whether a failure's field errors are that answer. */
export const isTwoFactorRequired = (errors: Record<string, string> | undefined) =>
  errors?.twoFactor === TWO_FACTOR_REQUIRED_CODE;

/** The browser event the API client raises on that answer, so the page guard asks GET /self again. */
export const TWO_FACTOR_REQUIRED_EVENT = 'cadence:two-factor-required';
