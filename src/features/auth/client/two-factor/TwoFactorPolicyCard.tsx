import { Alert, Anchor, Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../../client/lib/api.ts';
import { Link } from '../../../../client/lib/router/index.ts';
import { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import { twoFactorMessages as t } from '../../two-factor.messages.ts';
import { twoFactorKeys, useTwoFactorStatus } from './two-factor.queries.ts';

type Policy = { required: boolean; membersWithout: number };

/**
 * Administration: require two-factor sign-in in this workspace (decision 102). An admin without
 * it cannot turn it on (the server refuses too); turning it on is confirmed with who it affects.
 */
export const TwoFactorPolicyCard = () => {
  const queryClient = useQueryClient();
  const mine = useTwoFactorStatus();
  const policy = useQuery({
    queryKey: twoFactorKeys.policy,
    queryFn: ({ signal }) => api.get<Policy>('/two-factor/policy', { signal, silent: true }),
  });
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: (required: boolean) => api.put<Policy>('/two-factor/policy', { required }, { silent: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(twoFactorKeys.policy, saved);
      setConfirming(false);
      showSuccess(t.adminSaved);
    },
  });
  const lacksItMyself = mine.data ? !mine.data.enabled : false;
  return (
    <Card withBorder padding="lg" radius="md" data-testid="two-factor-policy">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.adminTitle}
        </Title>
        {policy.isPending ? (
          <SectionLoading />
        ) : policy.isError ? (
          <SectionError
            title={t.adminTitle}
            error={policy.error}
            onRetry={() => void policy.refetch()}
            retrying={policy.isFetching}
          />
        ) : (
          <>
            <Switch
              label={t.adminRequire}
              description={t.adminRequireHelp}
              checked={policy.data.required}
              disabled={save.isPending || (lacksItMyself && !policy.data.required)}
              onChange={(event) => {
                if (event.currentTarget.checked) setConfirming(true);
                else save.mutate(false);
              }}
            />
            <Text size="sm" c="gray.7">
              {t.adminWithout(policy.data.membersWithout)}
            </Text>
            {lacksItMyself && (
              <Alert color="orange" variant="light" role="status">
                {t.enableYourselfFirst}{' '}
                <Anchor component={Link} to="/settings/profile/security" size="sm">
                  {t.cardTitle}
                </Anchor>
              </Alert>
            )}
            {!confirming && <FormError message={save.error ? errorText(save.error) : null} />}
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t.adminTitle}
        confirmLabel={t.adminConfirm}
        confirmColor="blue"
        onConfirm={() => save.mutate(true)}
        onClose={() => {
          setConfirming(false);
          save.reset();
        }}
        pending={save.isPending}
        error={save.error ? errorText(save.error) : null}
      >
        {`${t.adminRequireHelp} ${t.adminWithout(policy.data?.membersWithout ?? 0)}`}
      </ConfirmDialog>
    </Card>
  );
};
