import { Stack } from '@mantine/core';
import { SecurityPanel } from '../../features/people/client/settings/SecurityPanel.tsx';
import { PersonalTokensCard } from '../../features/tokens/client/TokensCard.tsx';

/** /settings/profile/security: the person's password, email, sessions and account, then their API tokens. */
export const SecurityRoute = () => (
  <Stack gap="lg">
    <SecurityPanel />
    <PersonalTokensCard />
  </Stack>
);
