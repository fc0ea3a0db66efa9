import { Avatar, type AvatarProps, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { PHOTO_TYPES } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { clientMessages } from '../client.messages.ts';
import { errorText, FormError } from './FormError.tsx';
import { showError } from './toast.ts';

/**
 * A picture with Choose / Remove: a person's photo, the workspace logo, a time tracking
 * account's image. Type and size are checked here first (the spec's error toast, nothing sent);
 * the server checks size and real type again. `upload` takes the file — sends it, or keeps it
 * for the form's Save — and answers the new URL; what it throws is shown as a toast too.
 * `error` is the form's message about the picture (e.g. the server's answer to Save).
 */
export const PhotoInput = ({
  name,
  image,
  maxBytes,
  tooLargeMessage,
  upload,
  remove,
  disabled = false,
  types = PHOTO_TYPES,
  wrongTypeMessage = messages.photoTypeNotAllowed,
  radius,
  error,
  label = clientMessages.photo,
  alt = messages.contactPhotoOf(name),
  chooseLabel = clientMessages.choosePhoto,
  removeLabel = clientMessages.removePhoto,
}: {
  name: string;
  image: string | null;
  maxBytes: number;
  tooLargeMessage: string;
  upload: (file: File) => Promise<string | null>;
  remove: () => Promise<void>;
  disabled?: boolean;
  /** The accepted MIME types (a person's photo's by default). */
  types?: readonly string[];
  wrongTypeMessage?: string;
  /** The picture's corners (round by default). */
  radius?: AvatarProps['radius'];
  error?: string | null;
  /** The texts, for a picture other than a person's photo (a workspace logo, an account's image). */
  label?: string;
  alt?: string;
  chooseLabel?: string;
  removeLabel?: string;
}) => {
  const [pending, setPending] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setPending(true);
    try {
      await work();
    } catch (error) {
      showError(errorText(error));
    } finally {
      setPending(false);
    }
  };
  const choose = (file: File | null) => {
    if (!file) return;
    if (!types.includes(file.type)) {
      showError(wrongTypeMessage);
      return;
    }
    if (file.size > maxBytes) {
      showError(tooLargeMessage);
      return;
    }
    void run(() => upload(file));
  };
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar src={image} name={name} color="initials" size={72} radius={radius} alt={alt} />
      <Stack gap={6} miw={0}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Group gap="xs">
          <FileButton onChange={choose} accept={types.join(',')} disabled={disabled || pending}>
            {(props) => (
              <Button {...props} size="xs" variant="light" leftSection={<IconPhoto size={14} />} loading={pending}>
                {chooseLabel}
              </Button>
            )}
          </FileButton>
          {image && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              disabled={disabled || pending}
              onClick={() => void run(remove)}
            >
              {removeLabel}
            </Button>
          )}
        </Group>
        <FormError message={error} />
      </Stack>
    </Group>
  );
};
