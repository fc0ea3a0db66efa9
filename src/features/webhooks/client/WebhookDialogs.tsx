import { Checkbox, Modal, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText, fieldErrorsOf, issuesByField } from '../../../client/ui/FormError.tsx';
import { SecretOnce } from '../../../client/ui/SecretOnce.tsx';
import { useFieldErrors } from '../../../client/ui/useFieldErrors.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../shared/constants.ts';
import { webhooksMessages } from '../webhooks.messages.ts';
import { WEBHOOK_KINDS, type WebhookKind, ZCreateWebhook } from '../webhooks.schemas.ts';
import { useCreateWebhook } from './webhooks.queries.ts';

/** The signing secret, once: copy it now, it is not shown again. */
export const SecretView = ({ secret, note, onDone }: { secret: string; note?: string; onDone: () => void }) => (
  <SecretOnce
    secret={secret}
    warning={note ? `${webhooksMessages.secretOnce} ${note}` : webhooksMessages.secretOnce}
    label={webhooksMessages.secretTitle}
    texts={{ copy: webhooksMessages.copy, copied: webhooksMessages.copied, done: webhooksMessages.close }}
    testId="webhook-secret"
    onDone={onDone}
  />
);

/** A secret just made by a rotation, in its own dialog. */
export const RotatedSecretDialog = ({ secret, onClose }: { secret: string | null; onClose: () => void }) => (
  <Modal
    opened={secret !== null}
    onClose={onClose}
    title={webhooksMessages.secretTitle}
    centered
    transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
  >
    {secret && <SecretView secret={secret} note={webhooksMessages.rotateDone} onDone={onClose} />}
  </Modal>
);

/** Add webhook: the address and the kinds; then its secret, once. */
export const CreateWebhookDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [kinds, setKinds] = useState<WebhookKind[]>([]);
  const create = useCreateWebhook();
  const [errors, setErrors] = useFieldErrors({ url, kinds: kinds.join(' '), description });
  const close = () => {
    onClose();
    // Forget the secret and the form once the dialog has gone.
    setTimeout(() => {
      setUrl('');
      setDescription('');
      setKinds([]);
      setErrors({});
      create.reset();
    }, DIALOG_CLOSE_DELAY_MS);
  };
  const submit = () => {
    const parsed = ZCreateWebhook.safeParse({ url, kinds, description });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  };
  const fieldErrorShown = Object.values(errors).some(Boolean);
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={create.data ? webhooksMessages.secretTitle : webhooksMessages.addTitle}
      centered
      size="lg"
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      {create.data ? (
        <SecretView secret={create.data.secret} onDone={close} />
      ) : (
        <DialogForm
          onSubmit={submit}
          onCancel={close}
          submitLabel={webhooksMessages.save}
          pending={create.isPending}
          failure={create.error && !fieldErrorShown ? errorText(create.error) : null}
        >
          <TextInput
            label={webhooksMessages.urlLabel}
            description={webhooksMessages.urlDescription}
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={errors.url ?? null}
            maxLength={2000}
            type="url"
            data-autofocus
            required
          />
          <TextInput
            label={webhooksMessages.descriptionLabel}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={errors.description ?? null}
            maxLength={200}
          />
          <Checkbox.Group
            label={webhooksMessages.kindsLabel}
            value={kinds}
            onChange={(value) => setKinds(value as WebhookKind[])}
            error={errors.kinds ?? null}
            required
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
              {WEBHOOK_KINDS.map((kind) => (
                <Checkbox key={kind} value={kind} label={webhooksMessages.kindNames[kind]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </DialogForm>
      )}
    </Modal>
  );
};
