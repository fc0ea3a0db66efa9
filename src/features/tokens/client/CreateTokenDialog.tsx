import { Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText, fieldErrorsOf, issuesByField } from '../../../client/ui/FormError.tsx';
import { SecretOnce } from '../../../client/ui/SecretOnce.tsx';
import { Segmented } from '../../../client/ui/Segmented.tsx';
import { useFieldErrors } from '../../../client/ui/useFieldErrors.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../shared/constants.ts';
import { tokensMessages } from '../tokens.messages.ts';
import {
  type CreatedToken,
  SENSITIVE_SCOPES,
  TOKEN_AREAS,
  type TokenArea,
  type TokenKind,
  type TokenScope,
  ZCreateToken,
} from '../tokens.schemas.ts';
import { useCreateToken } from './tokens.queries.ts';

type Level = 'none' | 'read' | 'write';

const noAccess = () => Object.fromEntries(TOKEN_AREAS.map((area) => [area, 'none'])) as Record<TokenArea, Level>;

const scopesOf = (levels: Record<TokenArea, Level>, sensitive: string[]) => [
  ...TOKEN_AREAS.filter((area) => levels[area] !== 'none').map((area) => `${area}:${levels[area]}`),
  ...sensitive,
];

/** The secret, once: a copy button and the warning that it will not be shown again. */
const SecretView = ({ created, onDone }: { created: CreatedToken; onDone: () => void }) => (
  <SecretOnce
    secret={created.secret}
    warning={tokensMessages.createdWarning}
    label={tokensMessages.tokenLabel}
    texts={{ copy: tokensMessages.copy, copied: tokensMessages.copied, done: tokensMessages.done }}
    testId="new-token-secret"
    onDone={onDone}
  />
);

/** New token: name, a level per area, the sensitive scopes one by one, an optional last day; then the secret once. */
export const CreateTokenDialog = ({
  kind,
  opened,
  onClose,
}: {
  kind: TokenKind;
  opened: boolean;
  onClose: () => void;
}) => {
  const [name, setName] = useState('');
  const [levels, setLevels] = useState(noAccess);
  const [sensitive, setSensitive] = useState<string[]>([]);
  const [expiresOn, setExpiresOn] = useState('');
  const create = useCreateToken(kind);
  const scopes = scopesOf(levels, sensitive);
  const [errors, setErrors] = useFieldErrors({ name, scopes: scopes.join(' '), expiresOn });
  const close = () => {
    onClose();
    // Forget the secret and the form once the dialog has gone.
    setTimeout(() => {
      setName('');
      setLevels(noAccess());
      setSensitive([]);
      setExpiresOn('');
      setErrors({});
      create.reset();
    }, DIALOG_CLOSE_DELAY_MS);
  };
  const submit = () => {
    const parsed = ZCreateToken.safeParse({ name, scopes, expiresOn: expiresOn || null });
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
  const errorOf = (field: 'name' | 'scopes' | 'expiresOn') => errors[field] ?? null;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={create.data ? tokensMessages.createdTitle : tokensMessages.createTitle}
      centered
      size="lg"
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      {create.data ? (
        <SecretView created={create.data} onDone={close} />
      ) : (
        <DialogForm
          onSubmit={submit}
          onCancel={close}
          submitLabel={tokensMessages.createButton}
          pending={create.isPending}
          failure={create.error && !fieldErrorShown ? errorText(create.error) : null}
        >
          <TextInput
            label={tokensMessages.nameLabel}
            description={tokensMessages.nameDescription}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errorOf('name')}
            maxLength={100}
            data-autofocus
            required
          />
          <Stack gap={6} role="group" aria-labelledby="token-scopes-label">
            <Text size="sm" fw={500} id="token-scopes-label">
              {tokensMessages.scopesLabel}
            </Text>
            <Text size="xs" c="dimmed">
              {tokensMessages.scopesDescription}
            </Text>
            {TOKEN_AREAS.map((area) => (
              <Group key={area} justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" id={`token-area-${area}`}>
                  {tokensMessages.areaLabels[area]}
                </Text>
                <Segmented
                  size="xs"
                  aria-labelledby={`token-area-${area}`}
                  value={levels[area]}
                  onChange={(value) => setLevels((current) => ({ ...current, [area]: value as Level }))}
                  data={[
                    { value: 'none', label: tokensMessages.noAccess },
                    { value: 'read', label: tokensMessages.read },
                    { value: 'write', label: tokensMessages.write },
                  ]}
                />
              </Group>
            ))}
            {errorOf('scopes') && (
              <Text size="xs" c="red.8" role="alert">
                {errorOf('scopes')}
              </Text>
            )}
          </Stack>
          <Checkbox.Group label={tokensMessages.sensitiveLabel} value={sensitive} onChange={setSensitive}>
            <Stack gap={6} mt={6}>
              {SENSITIVE_SCOPES.map((scope: TokenScope) => (
                <Checkbox key={scope} value={scope} label={tokensMessages.scopeLabels[scope]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <TextInput
            type="date"
            label={tokensMessages.expiryLabel}
            description={tokensMessages.expiryDescription}
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.currentTarget.value)}
            error={errorOf('expiresOn')}
          />
        </DialogForm>
      )}
    </Modal>
  );
};
