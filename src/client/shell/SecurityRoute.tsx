import { PasskeysCard } from '../../features/auth/client/passkeys/PasskeysCard.tsx';
import { SecurityPanel } from '../../features/people/client/settings/SecurityPanel.tsx';
import { PersonalTokensCard } from '../../features/tokens/client/TokensCard.tsx';

/** /settings/profile/security: the person's security settings, with passkeys and their API tokens. */
export const SecurityRoute = () => <SecurityPanel signInMethods={<PasskeysCard />} more={<PersonalTokensCard />} />;
