import { Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../client/lib/api.ts';
import { ConflictNotice } from '../../../../client/ui/ConflictNotice.tsx';
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
// yet is saved when the dialog closes. Each save names the description it was typed over: when
// someone else replaced it meanwhile, nothing is overwritten and both texts are shown.

export const DescriptionPanel = ({ task, save }: { task: Task; save: SaveCard }) => {
  const canEdit = task.permissions.canEdit;
  const [error, setError] = useState<string | null>(null);
  // The text whose save was refused because someone changed the description meanwhile.
  const [refused, setRefused] = useState<{ mine: string; message: string } | null>(null);
  // Taking the other's text starts the editor afresh with it (it keeps its own text while focused).
  const [editorRound, setEditorRound] = useState(0);
  // The stored description this editor's text grew from (sent with each save), and the text last
  // sent (not sent twice).
  const base = useRef(task.description ?? '');
  const lastSent = useRef(task.description ?? '');
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
    if (html === lastSent.current) return;
    lastSent.current = html;
    send(html, base.current);
  };
  const send = (html: string, over: string) =>
    saveRef.current(
      { description: html || null, descriptionBase: over || null },
      {
        onSaved: (saved) => {
          base.current = saved.description ?? '';
        },
        onFail: (message, failure) =>
          failure instanceof ApiError && failure.status === 409
            ? setRefused({ mine: html, message })
            : setError(message),
      },
    );
  const commitRef = useRef(commit);
  commitRef.current = commit;

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

  const keepMine = (mine: string) => {
    setRefused(null);
    send(mine, task.description ?? '');
  };

  return (
    <div data-testid="card-description">
      <RichTextEditor
        key={editorRound}
        // Saved by someone else and now shown: that is the new base. One not shown (the editor is
        // being used) stays unknown to this person, so a save over it asks first.
        onValueShown={(html) => {
          base.current = html;
          lastSent.current = html;
        }}
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
      {refused && (
        <ConflictNotice
          message={refused.message}
          theirName=""
          theirs={<SafeHtml html={task.description ?? ''} fz="sm" />}
          mine={<SafeHtml html={refused.mine} fz="sm" />}
          onKeepMine={() => keepMine(refused.mine)}
          onUseTheirs={() => {
            setRefused(null);
            base.current = task.description ?? '';
            lastSent.current = base.current;
            setEditorRound((round) => round + 1);
          }}
        />
      )}
    </div>
  );
};
