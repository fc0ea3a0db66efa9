import { Box, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../client/lib/api.ts';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { SafeHtml } from '../../../client/ui/SafeHtml.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { useFieldErrors } from '../../../client/ui/useFieldErrors.ts';
import { EMAIL_MESSAGE_MAX, EMAIL_SUBJECT_MAX, renderEmail, templateTextError } from '../../../shared/emailRender.ts';
import { type EmailTemplateKey, sampleValues } from '../../../shared/emailTemplates.ts';
import { messages } from '../../../shared/messages.ts';
import { emailsMessages } from '../emails.messages.ts';
import type { EmailTemplate, EmailVariableInfo } from '../emails.schemas.ts';
import { useSaveEmailTemplate } from './emails.queries.ts';

type Field = 'subject' | 'message';

/** The problem of a field before it goes to the server (the server checks the same). */
const checkField = (key: EmailTemplateKey, field: Field, value: string) => {
  if (field === 'message' && !value.trim()) return messages.required;
  const max = field === 'subject' ? EMAIL_SUBJECT_MAX : EMAIL_MESSAGE_MAX;
  if (value.length > max) return messages.tooLong(max);
  return templateTextError(key, field, value);
};

/** The variables of a template as buttons: a click puts `{{code}}` at the cursor of the field last used. */
const VariableButtons = ({
  variables,
  required,
  onInsert,
}: {
  variables: EmailVariableInfo[];
  required: string[];
  onInsert: (code: string) => void;
}) => (
  <Stack gap={6}>
    <Text size="sm" fw={500}>
      {emailsMessages.emailTemplateVariables}
    </Text>
    <Group gap={6}>
      {variables.map((variable) => (
        <Tooltip key={variable.id} label={variable.description} multiline maw={280} withinPortal>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => onInsert(variable.code)}
            aria-label={emailsMessages.emailTemplateInsert(variable.code)}
            aria-description={variable.description}
          >
            {variable.code}
            {required.includes(variable.id) ? ` (${emailsMessages.emailTemplateRequired})` : ''}
          </Button>
        </Tooltip>
      ))}
    </Group>
  </Stack>
);

/** The mail as a recipient would see it, with sample values, following every keystroke. */
const LivePreview = ({ id, subject, message }: { id: EmailTemplateKey; subject: string; message: string }) => {
  const rendered = useMemo(
    () => renderEmail({ subject, message }, sampleValues(id, window.location.origin)),
    [id, subject, message],
  );
  return (
    <Card withBorder padding="sm" radius="sm" aria-label={emailsMessages.emailTemplatePreview} role="region">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {emailsMessages.emailTemplatePreview}
        </Text>
        <Text size="sm" data-testid="email-preview-subject" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={500}>
            {emailsMessages.emailTemplatePreviewSubject}
          </Text>{' '}
          {rendered.subject}
        </Text>
        <Box style={{ whiteSpace: 'pre-wrap' }} fz="sm">
          <SafeHtml html={rendered.html} data-testid="email-preview-body" />
        </Box>
      </Stack>
    </Card>
  );
};

/** Edit one email: its subject and message with the variables to insert and a live preview. */
export const EmailTemplateDialog = ({
  tenantId,
  template,
  variables,
  onClose,
}: {
  tenantId: string;
  template: EmailTemplate;
  variables: EmailVariableInfo[];
  onClose: () => void;
}) => {
  const save = useSaveEmailTemplate(tenantId);
  const [values, setValues] = useState<Record<Field, string>>({
    subject: template.customSubject ?? template.defaultSubject,
    message: template.customMessage ?? template.defaultMessage,
  });
  const [errors, setErrors] = useFieldErrors(values);
  const inputs = { subject: useRef<HTMLInputElement>(null), message: useRef<HTMLTextAreaElement>(null) };
  const lastField = useRef<Field>('message');
  const own = variables.filter((variable) => template.variables.includes(variable.id));

  const insert = (code: string) => {
    const field = lastField.current;
    const element = inputs[field].current;
    const current = values[field];
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? start;
    setValues({ ...values, [field]: current.slice(0, start) + code + current.slice(end) });
    const pressed = document.activeElement;
    requestAnimationFrame(() => {
      // Back to the field, unless the person has moved to another one meanwhile.
      if (document.activeElement !== pressed && document.activeElement !== document.body) return;
      element?.focus();
      element?.setSelectionRange(start + code.length, start + code.length);
    });
  };

  const submit = () => {
    const found = {
      subject: checkField(template.id, 'subject', values.subject),
      message: checkField(template.id, 'message', values.message),
    };
    if (found.subject || found.message) return setErrors(found);
    const subject = values.subject.trim();
    save.mutate(
      {
        id: template.id,
        customSubject: subject === template.defaultSubject ? null : subject,
        customMessage: values.message,
      },
      {
        onSuccess: () => {
          showSuccess(messages.settingsSaved);
          onClose();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.errors : undefined;
          if (fields) setErrors({ subject: fields.customSubject, message: fields.customMessage });
        },
      },
    );
  };

  // Field errors show under their field; anything else (a lost connection, a 403) under the form.
  const fieldErrors = save.error instanceof ApiError ? save.error.errors : undefined;
  const onField = !!(fieldErrors?.customSubject || fieldErrors?.customMessage);
  const failure = save.error && !onField ? errorText(save.error) : null;
  const field = (name: Field) => ({
    value: values[name],
    // A wrong variable shows as it is typed; the other problems once Save is pressed.
    error: errors[name] ?? templateTextError(template.id, name, values[name]),
    onFocus: () => {
      lastField.current = name;
    },
    onChange: (event: { currentTarget: { value: string } }) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
  });

  return (
    <Modal opened onClose={onClose} title={emailsMessages.emailTemplateEditTitle(template.templateName)} size="70rem">
      <DialogForm
        onSubmit={submit}
        onCancel={onClose}
        submitLabel={messages.saveButton}
        pending={save.isPending}
        failure={failure}
      >
        <Text size="sm" c="dimmed">
          {template.description}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="sm">
            <TextInput
              ref={inputs.subject}
              label={emailsMessages.emailTemplateSubject}
              maxLength={EMAIL_SUBJECT_MAX}
              {...field('subject')}
            />
            <Textarea
              ref={inputs.message}
              label={emailsMessages.emailTemplateMessage}
              description={emailsMessages.emailTemplateMessageHint}
              autosize
              minRows={8}
              maxRows={18}
              required
              {...field('message')}
            />
            <VariableButtons variables={own} required={template.requiredVariables} onInsert={insert} />
          </Stack>
          <LivePreview id={template.id} subject={values.subject} message={values.message} />
        </SimpleGrid>
      </DialogForm>
    </Modal>
  );
};
