import { lazy, Suspense } from 'react';

// Single sign-on on the sign-in and sign-up pages (decision 103). The panel is its own chunk:
// the sign-in page's first JavaScript stays within its budget (decision 095).
const SsoPanel = lazy(async () => ({
  default: (await (await import('./sso/ssoPanelLoader.ts')).loadSsoPanel()).SsoPanel,
}));

/** "Sign in with Google / Microsoft / your company", and the end of a sign-in that came back from a provider. */
export const SsoButtons = ({
  rememberUser = false,
  onChallenge,
}: {
  rememberUser?: boolean;
  /** A person with two-factor sign-in came back from the provider: the page asks for the code. */
  onChallenge?: (challenge: string) => void;
}) => (
  <Suspense fallback={null}>
    <SsoPanel rememberUser={rememberUser} onChallenge={onChallenge} />
  </Suspense>
);
