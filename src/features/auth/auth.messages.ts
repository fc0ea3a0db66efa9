// The auth area's user-facing texts; texts used by two areas or more are in src/shared/messages.ts.
export const authMessages = {
  wrongCredentials: 'The email or password is incorrect.',
  tooManySignIns: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  noWorkspaceLeft: 'Your account is not part of any workspace. Ask a workspace admin to add you.',
  /** Shown after a correct password only: the names are the person's own workspaces. */
  disabledEverywhere: (places: { workspace: string; admins: string[] }[]) =>
    `Your account was disabled in ${places.map((p) => p.workspace).join(' and ')}. ` +
    `Ask ${
      places
        .map((p) =>
          p.admins.length ? `${p.admins.join(' or ')}${places.length > 1 ? ` (${p.workspace})` : ''}` : null,
        )
        .filter(Boolean)
        .join(', or ') || 'its admin'
    } to enable it again.`,
  resetRequested: 'An email with reset instructions was sent to your inbox.',
  passwordReset: 'Your password was reset.',
  passwordSet: 'Your password was set. You can sign in now.',
  // accounts hardening (decision 022)
  signUpReceived:
    'Thanks for signing up. If this email is new, sign in with it now; if it already has an account, we sent it an email.',

  googleFailed: 'Google sign-in did not work. Sign in with your email and password instead.',
  googleEmailMismatch: 'Use the email of your Google account',
  password: 'Password',
  repeatPassword: 'Repeat password',
  companyName: 'Company name',
  rememberMe: 'Remember me',
  forgotPasswordLink: 'Forgot password?',
  signInTitle: 'Sign in to Cadence',
  signInButton: 'Sign In',
  noAccountYet: "Don't have an account?",
  signUpLink: 'Sign up',
  signUpTitle: 'Create your account',
  signUpIntro: 'Your company gets its own workspace. You can invite your team afterwards.',
  signUpButton: 'Sign up',
  returnToLogin: 'Return to login',
  googleDetailsLocked: 'Your name and email come from your Google account.',
  signUpSuccessTitle: 'Thanks for signing up',
  signUpSuccessText:
    'If this email is new to Cadence, your account is ready: sign in with your email and password. If it already has an account, we sent it an email instead.',
  loginLink: 'Login',
  orSeparator: 'or',
  forgotPasswordTitle: 'Forgot your password?',
  forgotPasswordIntro: 'Enter the email of your account and we will send you a link to choose a new password.',
  sendResetLink: 'Send reset link',
  resetPasswordTitle: 'Choose a new password',
  setPasswordTitle: 'Choose your password',
  setPasswordIntro: 'You were added to a workspace on Cadence. Choose a password to sign in.',
  newPassword: 'New password',
  confirmButton: 'Confirm',
} as const;
