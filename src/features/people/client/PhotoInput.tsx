import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../../../client/ui/FormError.tsx';
import { showError } from '../../../client/ui/toast.ts';
import { PHOTO_TYPES } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';

/**
 * A photo with Choose / Remove. The size is checked here first (the spec's error toast, nothing
 * sent); the server checks size and real type again. `upload` sends the file and answers the
 * new URL.
 */
export const PhotoInput = ({
  name,
  image,
  maxBytes,
  tooLargeMessage,
  upload,
  remove,
  disabled = false,
  label = messages.photo,
  alt = messages.contactPhotoOf(name),
  chooseLabel = messages.choosePhoto,
  removeLabel = messages.removePhoto,
}: {
  name: string;
  image: string | null;
  maxBytes: number;
  tooLargeMessage: string;
  upload: (file: File) => Promise<string | null>;
  remove: () => Promise<void>;
  disabled?: boolean;
  /** The texts, for a picture other than a person's photo (a workspace logo). */
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
    if (file.size > maxBytes) {
      showError(tooLargeMessage);
      return;
    }
    void run(() => upload(file));
  };
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar src={image} name={name} color="initials" size={72} alt={alt} />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Group gap="xs">
          <FileButton onChange={choose} accept={PHOTO_TYPES.join(',')} disabled={disabled || pending}>
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
      </Stack>
    </Group>
  );
};
