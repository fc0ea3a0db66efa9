import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorText, FormError } from '../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { workspacesMessages } from '../workspaces.messages.ts';
import type { Invitation } from '../workspaces.schemas.ts';
import { WorkspaceAvatar } from './WorkspaceAvatar.tsx';
import { useAnswerInvitation, useMyInvitations } from './workspaces.queries.ts';

type Answer = 'accept' | 'decline';

const InvitationCard = ({ invitation }: { invitation: Invitation }) => {
  const answer = useAnswerInvitation();
  const [failure, setFailure] = useState<string | null>(null);
  const { name } = invitation.workspace;
  const headingId = `invitation-${invitation.id}`;

  const send = (value: Answer) => {
    setFailure(null);
    answer.mutate(
      { id: invitation.id, answer: value },
      {
        onSuccess: () =>
          showSuccess(
            value === 'accept' ? workspacesMessages.invitationAccepted(name) : workspacesMessages.invitationDeclined,
          ),
        onError: (error) => setFailure(errorText(error)),
      },
    );
  };
  const pendingAnswer = answer.isPending ? answer.variables?.answer : undefined;

  return (
    <Card component="li" withBorder padding="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <WorkspaceAvatar name={name} iconLogo={invitation.workspace.iconLogo} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text id={headingId} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {workspacesMessages.invitationWorkspace(name)}
            </Text>
            {invitation.invitedBy && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {workspacesMessages.invitationFrom(invitation.invitedBy, name)}
              </Text>
            )}
          </Stack>
        </Group>
        <FormError message={failure} />
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            size="xs"
            aria-label={workspacesMessages.declineInvitationLabel(name)}
            loading={pendingAnswer === 'decline'}
            disabled={answer.isPending && pendingAnswer !== 'decline'}
            onClick={() => send('decline')}
          >
            {workspacesMessages.declineInvitation}
          </Button>
          <Button
            size="xs"
            aria-label={workspacesMessages.acceptInvitationLabel(name)}
            loading={pendingAnswer === 'accept'}
            disabled={answer.isPending && pendingAnswer !== 'accept'}
            onClick={() => send('accept')}
          >
            {workspacesMessages.acceptInvitation}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};

/**
 * The signed-in person's open invitations to other workspaces (decision 022): they join one
 * only by accepting it here. Nothing shows when there are none.
 */
export const InvitationsSection = () => {
  const invitations = useMyInvitations();
  if (invitations.isPending) {
    return <SectionLoading />;
  }
  if (invitations.isError) {
    return (
      <SectionError
        title={workspacesMessages.invitationsLoadFailed}
        error={invitations.error}
        onRetry={() => invitations.refetch()}
        retrying={invitations.isFetching}
      />
    );
  }
  if (invitations.data.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="invitations-title">
      <Title order={2} size="h4" id="invitations-title">
        {workspacesMessages.invitationsTitle}
      </Title>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {invitations.data.map((invitation) => (
          <InvitationCard key={invitation.id} invitation={invitation} />
        ))}
      </Stack>
    </Stack>
  );
};
