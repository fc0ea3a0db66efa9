import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../../client/lib/router/index.ts';
import { selfKey } from '../../../../client/lib/self.ts';
import { AuthLayout } from '../../../../client/ui/AuthLayout.tsx';
import { twoFactorMessages as t } from '../../two-factor.messages.ts';
import { useLogout } from '../auth.queries.ts';
import { EnrolDialog } from './EnrolDialog.tsx';

/**
 * Shown instead of a workspace that requires two-factor sign-in to a member without it
 * (decision 102): set it up here, or go to another workspace, or sign out.
 */
export const TwoFactorRequiredScreen = ({
  workspace,
  otherWorkspaces,
}: {
  workspace: string;
  otherWorkspaces: boolean;
}) => {
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const queryClient = useQueryClient();
  const logout = useLogout();
  return (
    <AuthLayout title={t.requiredTitle} intro={t.requiredIntro(workspace)}>
      <Stack gap="md">
        <Text size="sm">{t.cardIntroOff}</Text>
        <Button
          onClick={() => {
            setAttempt((n) => n + 1);
            setOpen(true);
          }}
        >
          {t.turnOn}
        </Button>
        {otherWorkspaces && (
          <Anchor component={Link} to="/workspaces" size="sm" ta="center">
            {t.switchWorkspace}
          </Anchor>
        )}
        <Button variant="subtle" onClick={() => void logout()}>
          {t.signOut}
        </Button>
      </Stack>
      <EnrolDialog
        key={attempt}
        opened={open}
        onEnabled={() => {}}
        onClose={() => {
          setOpen(false);
          // Enrolled: the workspace answers again (GET /self no longer names it as blocked).
          void queryClient.invalidateQueries({ queryKey: selfKey });
        }}
      />
    </AuthLayout>
  );
};
