import { Button, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from '../../../client/lib/router/index.ts';
import { AuthLayout } from '../../../client/ui/AuthLayout.tsx';
import { authMessages } from '../auth.messages.ts';

/** /sign-up-success: the account exists; the next step is signing in. */
export const SignUpSuccessPage = () => (
  <AuthLayout title={authMessages.signUpSuccessTitle}>
    <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden>
      <IconCircleCheck size={30} stroke={1.6} />
    </ThemeIcon>
    <Text>{authMessages.signUpSuccessText}</Text>
    <Button component={Link} to="/login" fullWidth>
      {authMessages.loginLink}
    </Button>
  </AuthLayout>
);
