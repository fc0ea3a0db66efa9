// Two-factor sign-in's texts (decision 102), on both sides.
export const twoFactorMessages = {
  // Server answers
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  challengeExpired: 'This sign-in has expired. Enter your email and password again.',
  alreadyEnabled: 'Two-factor sign-in is already on.',
  notEnabled: 'Two-factor sign-in is not on.',
  noEnrolment: 'Start setting up two-factor sign-in again.',
  wrongPassword: 'The password is incorrect.',
  enableYourselfFirst:
    'Turn on two-factor sign-in for your own account first, so that requiring it cannot lock you out.',
  secretUnavailable:
    'Your two-factor secret cannot be read with this server’s key. Sign in with a recovery code and set it up again.',
  // Settings → Security
  cardTitle: 'Two-factor sign-in',
  cardIntroOff:
    'Ask for a code from an authenticator app (such as Google Authenticator, 1Password or Authy) after your password.',
  cardIntroOn: 'On: signing in asks for a code from your authenticator app after your password.',
  statusOn: 'On',
  statusOff: 'Off',
  turnOn: 'Turn on two-factor sign-in',
  turnOff: 'Turn off',
  regenerateCodes: 'New recovery codes',
  recoveryLeft: (count: number) => `${count} of 10 recovery codes left.`,
  enrolTitle: 'Set up two-factor sign-in',
  enrolScan: 'Scan this QR code with your authenticator app, or type the key below into it.',
  qrAlt: 'QR code for your authenticator app',
  manualKey: 'Key',
  enterCode: 'Then enter the 6-digit code the app shows.',
  codeLabel: 'Code',
  confirm: 'Confirm',
  cancel: 'Cancel',
  close: 'Close',
  done: 'Done',
  loading: 'Preparing your key…',
  recoveryTitle: 'Your recovery codes',
  recoveryIntro:
    'Each code signs you in once if you lose your authenticator. Keep them somewhere safe: they are shown only now.',
  copyCodes: 'Copy codes',
  copied: 'Copied',
  turnOffTitle: 'Turn off two-factor sign-in',
  turnOffIntro: 'Enter your password and a code from your app (or a recovery code).',
  turnOffRequiredWarning: (workspaces: string) =>
    `${workspaces} requires two-factor sign-in: you will not be able to work there until you turn it on again.`,
  passwordLabel: 'Password',
  codeOrRecoveryLabel: 'Code or recovery code',
  regenerateTitle: 'New recovery codes',
  regenerateIntro: 'Your old recovery codes stop working. Enter a code from your app to continue.',
  turnedOn: 'Two-factor sign-in is on.',
  turnedOff: 'Two-factor sign-in is off.',
  // Sign-in
  signInCodeTitle: 'Enter your code',
  signInCodeIntro: 'Open your authenticator app and enter the 6-digit code for Cadence.',
  signInRecoveryIntro: 'Enter one of your recovery codes. Each works once.',
  useRecoveryCode: 'Use a recovery code instead',
  useAppCode: 'Use a code from the app instead',
  recoveryCodeLabel: 'Recovery code',
  trustBrowser: 'Trust this browser for 30 days',
  verify: 'Verify',
  backToSignIn: 'Back to sign in',
  requiredTitle: 'Two-factor sign-in required',
  requiredIntro: (workspace: string) => `${workspace} requires two-factor sign-in. Set it up to keep working there.`,
  switchWorkspace: 'Choose another workspace',
  signOut: 'Sign out',
  // Administration
  adminTitle: 'Two-factor sign-in',
  adminRequire: 'Require two-factor sign-in for everyone in this workspace',
  adminRequireHelp:
    'Members without it are asked to set it up at their next sign-in and cannot use this workspace until they do.',
  adminWithout: (count: number) =>
    count === 0
      ? 'Every member has two-factor sign-in.'
      : `${count} ${count === 1 ? 'member does' : 'members do'} not have two-factor sign-in yet.`,
  adminSaved: 'Saved.',
  adminConfirm: 'Require it',
};

const METHOD_PARTS: Record<string, string> = {
  password: 'password',
  google: 'Google',
  oidc: 'single sign-on',
  sso: 'single sign-on',
  code: 'code',
  'recovery-code': 'recovery code',
  'trusted-browser': 'trusted browser',
  passkey: 'a passkey',
};

/** How a session was signed in, for the sessions list: 'Password and code', 'Google'… */
export const signInMethodLabel = (method: string | null): string | null => {
  if (!method) return null;
  const text = method
    .split('+')
    .map((part) => METHOD_PARTS[part] ?? part)
    .join(' and ');
  return `Signed in with ${text}`;
};
