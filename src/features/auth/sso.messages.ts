// Single sign-on's user-facing texts (decision 103).

/** Why a sign-in through a provider was refused: the code travels in the login page's address. */
export const SSO_ERRORS = {
  state: 'This sign-in link is no longer valid (it was used, it expired, or it was changed). Please try again.',
  cancelled: 'The sign-in was cancelled at your identity provider.',
  provider: 'Your identity provider could not be reached or refused the sign-in. Please try again later.',
  token: 'Your identity provider sent a sign-in that Cadence could not verify. Please try again.',
  unverified: 'Your identity provider did not confirm your email address, so Cadence cannot match it to an account.',
  domain: "Your email's domain is not allowed to sign in through this workspace's identity provider.",
  noAccount: 'No Cadence account uses this email. Sign up first, or ask a workspace admin for an invitation.',
  notMember:
    'This email already has a Cadence account outside this workspace. Sign in with your password, then ask an admin of the workspace to invite you.',
  noJoin: 'This workspace does not let new people join by single sign-on. Ask one of its admins for an invitation.',
  expired: 'The sign-in took too long. Please try again.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;

export const ssoMessages = {
  continueWith: (name: string) => `Sign in with ${name}`,
  signUpWith: (name: string) => `Sign up with ${name}`,
  workEmail: 'Work email',
  continueWithSso: 'Continue with SSO',
  useSso: 'Single sign-on (SSO)',
  noProviderForEmail: 'No single sign-on is set up for this email domain. Sign in with your password.',
  signInFailedTitle: 'Single sign-on did not work',
  twoFactorUsePassword:
    'Your account uses two-factor sign-in: sign in with your password and code here, or ask your admin to require it at your identity provider.',
  required: (provider: string) =>
    `Your workspace requires single sign-on: sign in with ${provider} instead of a password.`,
  // Administration
  sectionTitle: 'Single sign-on',
  sectionHelp:
    "Let people sign in with your company's identity provider (any OpenID Connect provider: Google Workspace, Microsoft Entra ID, Okta, Keycloak…).",
  notConfigured: 'Single sign-on is not set up.',
  configure: 'Set up single sign-on',
  edit: 'Edit',
  remove: 'Remove',
  removeConfirm: 'Remove single sign-on? Members will sign in with their passwords again.',
  save: 'Save',
  cancel: 'Cancel',
  displayName: 'Name on the button',
  issuer: 'Issuer URL',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  clientSecretKept: 'Leave empty to keep the saved secret',
  allowedDomains: 'Allowed email domains',
  allowedDomainsHelp: 'Separate them with commas, e.g. example.com, example.org',
  joinOnFirstSignIn: 'People from these domains join the workspace at their first sign-in',
  requireSso: 'Members must sign in with single sign-on (no password sign-in)',
  redirectUrl: 'Redirect URL to register with the provider',
  requiredBadge: 'Required for members',
  signInLink: 'Sign-in link for your people',
  saved: 'Single sign-on saved.',
  removed: 'Single sign-on removed.',
  discoveryFailed: (issuer: string) =>
    `Cadence could not read the provider's settings at ${issuer}/.well-known/openid-configuration.`,
  privateIssuer: 'This issuer is on a private or local address, which this server does not allow.',
  notHttps: 'The issuer must be an https:// address.',
  badDomain: 'Enter domains such as example.com',
  needsSecret: 'Enter the client secret',
  unknownProvider: 'This sign-in provider is not set up on this server.',
} as const;
