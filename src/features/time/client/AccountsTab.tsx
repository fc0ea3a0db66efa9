import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  Modal,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApiError } from '../../../client/lib/api.ts';
import { readMeetingImage } from '../../../client/lib/imageFile.ts';
import { useSearchParams } from '../../../client/lib/router/index.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { PageNav } from '../../../client/ui/PageNav.tsx';
import { PhotoInput } from '../../../client/ui/PhotoInput.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { Segmented } from '../../../client/ui/Segmented.tsx';
import { showError } from '../../../client/ui/toast.ts';
import { ACCOUNT_IMAGE, MEETING_IMAGE_TYPES, TIME_PAGE } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { timeMessages } from '../time.messages.ts';
import { formatMinutes, formatMoney } from '../time.money.ts';
import type { Account, ProjectReport } from '../time.schemas.ts';
import { ProjectDialog } from './ProjectDialog.tsx';
import {
  useAccounts,
  useDeleteAccount,
  useDeleteProject,
  useProject,
  useProjectReports,
  useSaveAccount,
} from './time.queries.ts';

const amount = (unit: 'hours' | 'money', value: number | null) =>
  value === null ? '—' : unit === 'money' ? formatMoney(value) : formatMinutes(value);

/** A project's budget bar: used share, red once over. */
const BudgetBar = ({ report }: { report: ProjectReport }) => {
  const f = report.figures;
  if (f.budget === null)
    return (
      <Text size="xs" c="dimmed">
        {timeMessages.timeNoBudget}
      </Text>
    );
  const used = f.usedPercent ?? 0;
  return (
    <Progress
      value={Math.min(100, used)}
      color={used >= 100 ? 'red' : used >= 80 ? 'orange' : 'teal'}
      aria-label={timeMessages.timeBudgetUsed(report.name, used)}
      size="lg"
    />
  );
};

/** New Account / Edit account: the title and the image (a meeting image's rules, decision 064). */
const AccountDialog = ({ account, onClose }: { account: Account | null; onClose: () => void }) => {
  const save = useSaveAccount();
  const [title, setTitle] = useState(account?.title ?? '');
  // The shown picture: the stored one's address, a new data URL, or null; `changed` says whether to send it.
  const [image, setImage] = useState<string | null>(account?.image ?? null);
  const [changed, setChanged] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [imageError, setImageError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const keep = (next: string | null) => {
    setImage(next);
    setChanged(true);
    setImageError(null);
  };
  return (
    <Modal opened onClose={onClose} title={account ? timeMessages.timeEditAccount : timeMessages.timeNewAccount}>
      <DialogForm
        onSubmit={() => {
          if (!title.trim()) return setError(messages.required);
          save.mutate(
            { id: account?.id, title, ...(changed ? { image } : {}) },
            {
              onSuccess: onClose,
              onError: (e) => {
                setImageError((e as ApiError).errors?.image ?? (e as ApiError).errors?.file ?? null);
                setFailure(errorText(e));
              },
            },
          );
        }}
        onCancel={onClose}
        submitLabel={timeMessages.timeSave}
        pending={save.isPending}
        failure={failure}
      >
        <Stack gap="sm">
          {/* Kept until Save, as a data URL scaled to what the API takes. */}
          <PhotoInput
            name={title || account?.title || ''}
            image={image}
            maxBytes={ACCOUNT_IMAGE.maxBytes}
            tooLargeMessage={messages.imageTooLarge}
            types={MEETING_IMAGE_TYPES}
            wrongTypeMessage={messages.imageWrongType}
            radius="md"
            error={imageError}
            label={timeMessages.timeAccountImage}
            alt={timeMessages.timeAccountImage}
            chooseLabel={messages.chooseImage}
            removeLabel={messages.removeImage}
            upload={async (file) => {
              let dataUrl: string;
              try {
                dataUrl = await readMeetingImage(file);
              } catch (e) {
                // Its message is for the user (a picture the browser cannot read).
                showError(e instanceof Error ? e.message : messages.imageWrongType);
                return null;
              }
              keep(dataUrl);
              return dataUrl;
            }}
            remove={async () => keep(null)}
          />
          <TextInput
            label={timeMessages.timeAccountTitle}
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
        </Stack>
      </DialogForm>
    </Modal>
  );
};

/** Opens a project's Edit Project dialog once its values are loaded. */
const EditProject = ({ id, onClose, isAdmin }: { id: string; onClose: () => void; isAdmin: boolean }) => {
  const project = useProject(id);
  if (project.isPending) return null;
  if (project.isError || !project.data.canManage) return null;
  return <ProjectDialog project={project.data} accountId={null} onClose={onClose} isAdmin={isAdmin} />;
};

/** document 3 §2 Accounts tab: project budgets with their bars, filters, New Account and New Project. */
export const AccountsTab = ({ isAdmin }: { isAdmin: boolean }) => {
  const [filter, setFilter] = useState('all');
  const [accountId, setAccountId] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const accounts = useAccounts();
  const reports = useProjectReports(filter, accountId, page);
  const removeProject = useDeleteProject();
  const removeAccount = useDeleteAccount();
  const [accountDialog, setAccountDialog] = useState<Account | null | 'new'>(null);
  // `?project=` (the link of a budget alert) opens the tab on that project's dialog.
  const [params, setParams] = useSearchParams();
  const [projectDialog, setProjectDialog] = useState<string | 'new' | null>(() => params.get('project'));
  const closeProject = () => {
    setProjectDialog(null);
    if (params.has('project')) {
      const next = new URLSearchParams(params);
      next.delete('project');
      setParams(next, { replace: true });
    }
  };
  const [deleting, setDeleting] = useState<{ kind: 'project' | 'account'; id: string; name: string } | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group wrap="wrap">
          <Segmented
            aria-label={timeMessages.timeFilterLabel}
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(0);
            }}
            data={[
              { value: 'all', label: timeMessages.timeFilterAll },
              { value: 'budgeted', label: timeMessages.timeFilterBudgeted },
              { value: 'mine', label: timeMessages.timeFilterMine },
            ]}
          />
          <Select
            aria-label={timeMessages.timeAccountFilter}
            placeholder={timeMessages.timeAllAccounts}
            clearable
            data={(accounts.data?.items ?? []).map((a) => ({ value: a.id, label: a.title }))}
            value={accountId}
            onChange={(value) => {
              setAccountId(value);
              setPage(0);
            }}
            w={200}
          />
        </Group>
        {isAdmin && (
          <Group>
            <Button variant="default" onClick={() => setAccountDialog('new')}>
              {timeMessages.timeNewAccount}
            </Button>
            <Button onClick={() => setProjectDialog('new')} disabled={(accounts.data?.items.length ?? 0) === 0}>
              {timeMessages.timeNewProject}
            </Button>
          </Group>
        )}
      </Group>
      {isAdmin && accounts.data && accounts.data.items.length > 0 && (
        <Group gap="xs" wrap="wrap">
          {accounts.data.items.map((account) => (
            <Paper key={account.id} withBorder px="sm" py={4}>
              <Group gap={6} wrap="nowrap">
                <Avatar src={account.image} size={24} radius="sm" color="initials" name={account.title} alt="" />
                <Text size="sm">{account.title}</Text>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={timeMessages.timeEditAccountOf(account.title)}
                  onClick={() => setAccountDialog(account)}
                >
                  <IconEdit size={14} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  color="red"
                  aria-label={timeMessages.timeDeleteAccountOf(account.title)}
                  onClick={() => setDeleting({ kind: 'account', id: account.id, name: account.title })}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Group>
      )}
      {accounts.data?.items.length === 0 && <Text c="dimmed">{timeMessages.timeNoAccounts}</Text>}
      {reports.isPending ? (
        <SectionLoading />
      ) : reports.isError ? (
        <SectionError title={timeMessages.timeLoadFailed} error={reports.error} onRetry={() => reports.refetch()} />
      ) : reports.data.items.length === 0 ? (
        <Text c="dimmed">{timeMessages.timeNoProjectReports}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{timeMessages.timeProject}</Table.Th>
                <Table.Th w={160}>{timeMessages.timeBudgetBarColumn}</Table.Th>
                <Table.Th ta="right">{timeMessages.timeBudget}</Table.Th>
                <Table.Th ta="right">{timeMessages.timeSpent}</Table.Th>
                <Table.Th ta="right">{timeMessages.timeRemaining}</Table.Th>
                <Table.Th ta="right">{timeMessages.timeRemainingPercent}</Table.Th>
                <Table.Th ta="right">{timeMessages.timeCost}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reports.data.items.map((report) => {
                const f = report.figures;
                return (
                  <Table.Tr key={report.id} data-testid={`project-${report.name}`}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {report.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {report.accountTitle}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <BudgetBar report={report} />
                    </Table.Td>
                    <Table.Td ta="right">{amount(f.unit, f.budget)}</Table.Td>
                    <Table.Td ta="right" data-testid="spent">
                      {amount(f.unit, f.spent)}
                    </Table.Td>
                    <Table.Td ta="right">{amount(f.unit, f.remaining)}</Table.Td>
                    <Table.Td ta="right">{f.remainingPercent === null ? '—' : `${f.remainingPercent} %`}</Table.Td>
                    <Table.Td ta="right">{formatMoney(f.cost)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {report.canManage && (
                          <ActionIcon
                            variant="subtle"
                            aria-label={timeMessages.timeEditProjectOf(report.name)}
                            onClick={() => setProjectDialog(report.id)}
                          >
                            <IconEdit size={16} />
                          </ActionIcon>
                        )}
                        {isAdmin && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`${timeMessages.timeDeleteProject} ${report.name}`}
                            onClick={() => setDeleting({ kind: 'project', id: report.id, name: report.name })}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {reports.data && reports.data.total > TIME_PAGE.default && (
        <PageNav
          page={page + 1}
          totalPages={Math.ceil(reports.data.total / TIME_PAGE.default)}
          onChange={(n) => setPage(n - 1)}
          label={timeMessages.timeTabAccounts}
        />
      )}
      {accountDialog && (
        <AccountDialog
          account={accountDialog === 'new' ? null : accountDialog}
          onClose={() => setAccountDialog(null)}
        />
      )}
      {projectDialog === 'new' && (
        <ProjectDialog project={null} accountId={accountId} onClose={closeProject} isAdmin={isAdmin} />
      )}
      {projectDialog && projectDialog !== 'new' && (
        <EditProject id={projectDialog} onClose={closeProject} isAdmin={isAdmin} />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={
          deleting?.kind === 'account'
            ? timeMessages.timeDeleteAccountTitle(deleting.name)
            : timeMessages.timeDeleteProjectTitle(deleting?.name ?? '')
        }
        confirmLabel={timeMessages.timeDelete}
        pending={removeProject.isPending || removeAccount.isPending}
        error={deleteFailure}
        onClose={() => {
          setDeleting(null);
          setDeleteFailure(null);
        }}
        onConfirm={() => {
          if (!deleting) return;
          const done = {
            onSuccess: () => {
              setDeleting(null);
              setDeleteFailure(null);
            },
            onError: (e: unknown) => setDeleteFailure(errorText(e)),
          };
          if (deleting.kind === 'project') removeProject.mutate(deleting.id, done);
          else removeAccount.mutate(deleting.id, done);
        }}
      >
        {deleting?.kind === 'project' ? timeMessages.timeDeleteProjectText : ''}
      </ConfirmDialog>
    </Stack>
  );
};
