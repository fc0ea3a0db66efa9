import { Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { RichTextEditor } from '../../../../client/ui/RichTextEditor.tsx';
import { SafeHtml } from '../../../../client/ui/SafeHtml.tsx';
import { messages } from '../../../../shared/messages.ts';
import { DESCRIPTION_MAX } from '../../../../shared/tasks.ts';
import type { Task } from '../../../tasks/tasks.schemas.ts';
import { boardsMessages } from '../../boards.messages.ts';
import type { SaveCard } from './cardTypes.ts';
import { AUTOSAVE_MS } from './useFlash.ts';

// The card's rich-text description (document 2 §4, §5, §9): saved 3 s after typing stops, and
// not saved while over 60,000 characters ("Description is too long"). Text typed but not saved
// yet is saved when the dialog closes.

export const DescriptionPanel = ({ task, save }: { task: Task; save: SaveCard }) => {
  const canEdit = task.permissions.canEdit;
  const [error, setError] = useState<string | null>(null);
  const lastSaved = useRef(task.description ?? '');
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveRef = useRef(save);
  saveRef.current = save;

  const commit = (html: string) => {
    clearTimeout(timer.current);
    pending.current = null;
    if (html.length > DESCRIPTION_MAX) {
      setError(messages.descriptionTooLong);
      return;
    }
    setError(null);
    if (html === lastSaved.current) return;
    lastSaved.current = html;
    saveRef.current({ description: html || null }, { onFail: setError });
  };
  const commitRef = useRef(commit);
  commitRef.current = commit;

  // Saved by someone else: that is the new base.
  useEffect(() => {
    if (pending.current === null) lastSaved.current = task.description ?? '';
  }, [task.description]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (pending.current !== null) commitRef.current(pending.current);
    },
    [],
  );

  if (!canEdit)
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {boardsMessages.cardDescriptionLabel}
        </Text>
        {task.description ? (
          <SafeHtml html={task.description} fz="sm" data-testid="card-description" />
        ) : (
          <Text size="sm" c="dimmed">
            {boardsMessages.previewNoDescription}
          </Text>
        )}
      </Stack>
    );

  return (
    <div data-testid="card-description">
      <RichTextEditor
        label={boardsMessages.cardDescriptionLabel}
        description={boardsMessages.cardDescriptionHint}
        placeholder={boardsMessages.cardDescriptionPlaceholder}
        value={task.description}
        error={error}
        minHeight={110}
        onChange={(html) => {
          pending.current = html;
          clearTimeout(timer.current);
          if (html.length > DESCRIPTION_MAX) {
            setError(messages.descriptionTooLong);
            return;
          }
          setError(null);
          timer.current = setTimeout(() => commitRef.current(html), AUTOSAVE_MS);
        }}
      />
    </div>
  );
};
