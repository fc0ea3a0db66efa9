import { Badge, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useSelf } from '../../../client/lib/self.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { messages } from '../../../shared/messages.ts';
import { emailsMessages } from '../emails.messages.ts';
import type { EmailTemplate } from '../emails.schemas.ts';
import { EmailTemplateDialog } from './EmailTemplateDialog.tsx';
import { useEmailTemplates, useEmailVariables, useResetEmailTemplate } from './emails.queries.ts';

const TemplateRow = ({
  template,
  onEdit,
  onReset,
}: {
  template: EmailTemplate;
  onEdit: () => void;
  onReset: () => void;
}) => {
  const custom = template.customMessage !== null;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" data-testid={`email-template-${template.id}`}>
      <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600}>{template.templateName}</Text>
          <Badge variant={custom ? 'filled' : 'light'} color={custom ? 'teal.9' : 'gray'}>
            {custom ? emailsMessages.emailTemplateCustom : emailsMessages.emailTemplateDefault}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {template.description}
        </Text>
      </Stack>
      <Group gap="xs">
        {custom && (
          <Button variant="default" size="xs" onClick={onReset}>
            {emailsMessages.emailTemplateReset}
          </Button>
        )}
        <Button size="xs" onClick={onEdit} aria-label={emailsMessages.emailTemplateEditOf(template.templateName)}>
          {emailsMessages.emailTemplateEdit}
        </Button>
      </Group>
    </Group>
  );
};

/** Administration → Emails: every email Cadence sends, edited per workspace (decision 050). */
export const EmailTemplatesSection = () => {
  const tenantId = useSelf().data?.tenant?.id ?? null;
  const templates = useEmailTemplates(tenantId);
  const variables = useEmailVariables();
  const reset = useResetEmailTemplate(tenantId ?? '');
  const [editing, setEditing] = useState<EmailTemplate | null>(null);
  const [resetting, setResetting] = useState<EmailTemplate | null>(null);
  const failed = templates.isError ? templates : variables.isError ? variables : null;

  const closeReset = () => {
    setResetting(null);
    reset.reset();
  };
  const confirmReset = () =>
    resetting &&
    reset.mutate(resetting.id, {
      onSuccess: () => {
        showSuccess(emailsMessages.emailTemplateResetDone);
        setResetting(null);
      },
    });

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="email-templates-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="email-templates-title">
            {emailsMessages.emailTemplatesTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {emailsMessages.emailTemplatesIntro}
          </Text>
        </div>
        {failed ? (
          <SectionError
            title={messages.somethingWentWrong}
            error={failed.error}
            onRetry={() => void failed.refetch()}
            retrying={failed.isFetching}
          />
        ) : !templates.data || !variables.data ? (
          <SectionLoading />
        ) : templates.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {emailsMessages.emailTemplatesEmpty}
          </Text>
        ) : (
          <Stack gap="sm">
            {templates.data.map((template, i) => (
              <Fragment key={template.id}>
                {i > 0 && <Divider />}
                <TemplateRow
                  template={template}
                  onEdit={() => setEditing(template)}
                  onReset={() => setResetting(template)}
                />
              </Fragment>
            ))}
          </Stack>
        )}
      </Stack>
      {editing && tenantId && variables.data && (
        <EmailTemplateDialog
          tenantId={tenantId}
          template={editing}
          variables={variables.data}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={resetting !== null}
        title={emailsMessages.emailTemplateResetTitle(resetting?.templateName ?? '')}
        confirmLabel={emailsMessages.emailTemplateResetConfirm}
        onConfirm={confirmReset}
        onClose={closeReset}
        pending={reset.isPending}
        error={reset.error ? errorText(reset.error) : null}
      >
        {emailsMessages.emailTemplateResetWarning}
      </ConfirmDialog>
    </Card>
  );
};
