// Passkeys' texts (decision 104), on both sides.
export const passkeysMessages = {
  // Server answers
  requestExpired: 'This passkey request has expired. Try again.',
  notVerified: 'The passkey could not be verified. Try again, or sign in with your password.',
  unknownPasskey: 'This passkey is not registered with Cadence. Sign in with your password, then add it in Settings.',
  alreadyRegistered: 'This passkey is already registered.',
  notFound: 'This passkey no longer exists.',
  tooMany: (max: number) => `You can register up to ${max} passkeys. Remove one first.`,
  // Settings → Security
  cardTitle: 'Passkeys',
  cardIntro:
    'Sign in with your fingerprint, face or device PIN instead of a password and code. A passkey stays on your device; Cadence keeps only its public half.',
  empty: 'No passkeys yet.',
  add: 'Add a passkey',
  adding: 'Follow your browser’s steps…',
  nameLabel: 'Name',
  nameHint: 'So you can tell your passkeys apart, for example “Work laptop”.',
  defaultName: 'Passkey',
  save: 'Save passkey',
  cancel: 'Cancel',
  addTitle: 'Add a passkey',
  added: 'Passkey added.',
  created: (when: string) => `Added ${when}`,
  lastUsed: (when: string) => `last used ${when}`,
  neverUsed: 'not used yet',
  synced: 'Synced',
  remove: 'Remove',
  removeNamed: (name: string) => `Remove passkey ${name}`,
  removeTitle: 'Remove this passkey?',
  removeBody: (name: string) => `“${name}” will no longer sign you in. You can add it again later.`,
  removed: 'Passkey removed.',
  cancelled: 'The passkey was not saved: the request was cancelled or timed out.',
  unsupported: 'This browser cannot use passkeys.',
  // Sign-in page
  signIn: 'Sign in with a passkey',
  signingIn: 'Waiting for your passkey…',
  signInCancelled: 'Signing in with a passkey was cancelled or timed out.',
} as const;
