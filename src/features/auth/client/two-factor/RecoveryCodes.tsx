import { SecretOnce } from '../../../../client/ui/SecretOnce.tsx';
import { twoFactorMessages as t } from '../../two-factor.messages.ts';

/** The ten recovery codes, shown this once, one a line. */
export const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => (
  <SecretOnce
    secret={codes.join('\n')}
    warning={t.recoveryIntro}
    label={t.recoveryTitle}
    texts={{ copy: t.copyCodes, copied: t.copied, done: t.done }}
    testId="two-factor-recovery-codes"
    onDone={onDone}
  />
);
