import { Badge, Button, Card, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronRight, IconPlus, IconUserPlus } from '@tabler/icons-react';
import { useSelf } from '../../../client/lib/self.ts';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import type { MyWorkspace } from '../../../shared/self.ts';
import { workspacesMessages } from '../workspaces.messages.ts';
import { AddPersonDialog } from './AddPersonDialog.tsx';
import { CreateWorkspaceDialog } from './CreateWorkspaceDialog.tsx';
import { InvitationsSection } from './InvitationsSection.tsx';
import { WorkspaceAvatar } from './WorkspaceAvatar.tsx';
import { useMyWorkspaces, useSwitchWorkspace } from './workspaces.queries.ts';

interface RowProps {
  workspace: MyWorkspace;
  current: boolean;
  switching: boolean;
  disabled: boolean;
  onChoose: () => void;
  onAddPerson: () => void;
}

const WorkspaceRow = ({ workspace, current, switching, disabled, onChoose, onAddPerson }: RowProps) => {
  const admin = workspace.isAdmin === ADMIN_FLAG.yes;
  return (
    <Card component="li" withBorder padding={0} aria-current={current ? 'true' : undefined}>
      <Group gap={0} wrap="nowrap" align="stretch">
        <UnstyledButton
          onClick={onChoose}
          disabled={disabled}
          aria-label={workspacesMessages.openWorkspace(workspace.name)}
          p="md"
          style={{ flex: 1, minWidth: 0 }}
          className="cadence-row-button"
        >
          <Group gap="md" wrap="nowrap">
            <WorkspaceAvatar name={workspace.name} iconLogo={workspace.iconLogo} />
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} truncate>
                {workspace.name}
              </Text>
              <Group gap={6}>
                {admin && (
                  <Badge size="sm" variant="light">
                    {messages.adminBadge}
                  </Badge>
                )}
                {current && (
                  <Badge size="sm" variant="light" color="teal">
                    {workspacesMessages.currentBadge}
                  </Badge>
                )}
              </Group>
            </Stack>
            {switching ? <Loader size="sm" /> : <IconChevronRight size={18} stroke={1.6} aria-hidden />}
          </Group>
        </UnstyledButton>
        {/* Adding people works in the current workspace, for its admins (document 1 §6). */}
        {current && admin && (
          <Group px="md" style={{ borderLeft: '1px solid var(--mantine-color-default-border)' }}>
            <Button variant="light" size="xs" leftSection={<IconUserPlus size={16} />} onClick={onAddPerson}>
              {messages.addPerson}
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
};

/** /workspaces (document 1 §2): choose the workspace to work in, or create one. */
export const WorkspacesPage = () => {
  const self = useSelf();
  const workspaces = useMyWorkspaces();
  const switchWorkspace = useSwitchWorkspace();
  const [creating, createDialog] = useDisclosure(false);
  const [addingPerson, addPersonDialog] = useDisclosure(false);
  const currentId = self.data?.tenant?.id ?? null;

  let body: React.ReactNode;
  if (workspaces.isPending) {
    body = <SectionLoading />;
  } else if (workspaces.isError) {
    body = (
      <SectionError
        title={workspacesMessages.workspacesLoadFailed}
        error={workspaces.error}
        onRetry={() => workspaces.refetch()}
        retrying={workspaces.isFetching}
      />
    );
  } else {
    body = (
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {workspaces.data.map((workspace) => (
          <WorkspaceRow
            key={workspace.id}
            workspace={workspace}
            current={workspace.id === currentId}
            switching={switchWorkspace.isPending && switchWorkspace.variables === workspace.id}
            disabled={switchWorkspace.isPending}
            onChoose={() => switchWorkspace.mutate(workspace.id)}
            onAddPerson={addPersonDialog.open}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={640}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {messages.workspacesTitle}
          </Title>
          <Text c="dimmed" size="sm">
            {workspacesMessages.workspacesIntro}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} />} onClick={createDialog.open}>
          {workspacesMessages.createWorkspace}
        </Button>
      </Group>
      <InvitationsSection />
      {body}
      <CreateWorkspaceDialog opened={creating} onClose={createDialog.close} />
      <AddPersonDialog opened={addingPerson} onClose={addPersonDialog.close} />
    </Stack>
  );
};
