import { ActionIcon, Alert, Button, Group, Text, Textarea, Tooltip } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../client/lib/api.ts';
import { useMoments } from '../../../../client/lib/moments.ts';
import { ConflictNotice } from '../../../../client/ui/ConflictNotice.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { agencyMessages } from '../../agency.messages.ts';
import type { AgencyAnswer } from '../../agency.schemas.ts';
import { useRemoveAnswer, useSaveAnswer, watchAnswers } from '../agency.queries.ts';

// One answer slot, edited in place (decision 053): saved a moment after typing stops and when
// the field is left, with its state beside it (Saving…, Saved, Not saved with Try again) and who
// changed it last and when. A change arriving from someone else replaces the text unless this
// person is typing: then their text is kept and a notice says who changed it.

const SAVE_AFTER_MS = 800;

export const AnswerField = ({
  ids,
  position,
  answer,
  label,
  maxLength,
  removable,
  viewerId,
}: {
  ids: { itemId: string; columnId: string; questionId: string };
  position: number;
  answer: AgencyAnswer | undefined;
  label: string;
  maxLength: number;
  removable: boolean;
  viewerId: string | null;
}) => {
  const stored = answer?.answer ?? '';
  const [text, setText] = useState(stored);
  const [dirty, setDirty] = useState(false);
  const [elsewhere, setElsewhere] = useState<string | null>(null);
  const moments = useMoments();
  const save = useSaveAnswer(ids.itemId, ids.columnId, ids.questionId);
  const remove = useRemoveAnswer(ids.itemId, ids.columnId, ids.questionId);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(text);
  latest.current = text;
  // The version this person is typing over: a save is refused if someone replaced it meanwhile.
  const base = useRef<string | null>(answer?.changedAt ?? null);
  const conflict = save.error instanceof ApiError && save.error.status === 409;

  // The stored answer moved on (a save here or elsewhere): show it unless this person is typing.
  // The server trims answers: a save of "goal " does not take the space being typed away.
  useEffect(() => {
    if (!dirty && stored !== latest.current.trim()) setText(stored);
    if (!dirty) base.current = answer?.changedAt ?? null;
  }, [stored, dirty, answer?.changedAt]);

  useEffect(
    () =>
      watchAnswers((change) => {
        if (
          change.questionId === ids.questionId &&
          change.position === position &&
          change.changedBy?.id !== viewerId &&
          dirty
        )
          setElsewhere(change.changedBy?.name ?? '');
      }),
    [ids.questionId, position, viewerId, dirty],
  );

  const send = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const value = latest.current;
    save.mutate(
      { position, answer: value, baseChangedAt: base.current },
      {
        onSuccess: (saved) => {
          base.current = saved.changedAt;
          if (latest.current === value) {
            setDirty(false);
            setElsewhere(null);
          }
        },
      },
    );
  };
  /** After a refused save: keep this person's text over the other's, or take the other's. */
  const keepMine = () => {
    base.current = answer?.changedAt ?? null;
    send();
  };
  const useTheirs = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    save.reset();
    setText(stored);
    setDirty(false);
    setElsewhere(null);
  };

  // Leaving the page within the pause still saves what was typed.
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(
    () => () => {
      if (timer.current) sendRef.current();
    },
    [],
  );

  const status = save.isPending
    ? agencyMessages.agencySaving
    : save.isError && !conflict
      ? agencyMessages.agencyNotSaved
      : save.isSuccess && !dirty
        ? agencyMessages.agencySaved
        : null;
  const who = answer?.changedBy
    ? agencyMessages.agencyChangedBy(answer.changedBy.name, moments.at(answer.changedAt))
    : null;

  return (
    <div className="agency-answer">
      <Textarea
        aria-label={label}
        autosize
        minRows={1}
        maxRows={8}
        value={text}
        maxLength={maxLength}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setDirty(true);
          save.reset();
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(send, SAVE_AFTER_MS);
        }}
        onBlur={() => {
          // Not while both texts are shown: the person chooses first.
          if (dirty && !save.isPending && !conflict) send();
        }}
        rightSection={
          removable ? (
            <Tooltip label={agencyMessages.agencyRemoveAnswer}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`${agencyMessages.agencyRemoveAnswer}: ${label}`}
                loading={remove.isPending}
                onClick={() => remove.mutate(position)}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          ) : undefined
        }
      />
      <Group gap={6} justify="space-between" wrap="wrap" mt={2}>
        <Text size="xs" c="gray.7" className="agency-who">
          {who}
        </Text>
        <Group gap={6} wrap="nowrap">
          {text.length > maxLength * 0.8 && (
            <Text size="xs" c="gray.7">
              {agencyMessages.agencyCharacters(text.length, maxLength)}
            </Text>
          )}
          {status && (
            <Text
              size="xs"
              c={save.isError ? 'red.8' : 'gray.7'}
              role="status"
              className="cadence-no-print"
              data-testid="answer-status"
            >
              {status === agencyMessages.agencySaved && <IconCheck size={12} style={{ verticalAlign: 'middle' }} />}{' '}
              {status}
            </Text>
          )}
          {save.isError && !conflict && (
            <Button size="compact-xs" variant="light" color="red" onClick={send}>
              {agencyMessages.agencyRetry}
            </Button>
          )}
        </Group>
      </Group>
      {conflict ? (
        <ConflictNotice
          message={errorText(save.error)}
          theirs={stored}
          theirName={answer?.changedBy?.name ?? ''}
          mine={text}
          onKeepMine={keepMine}
          onUseTheirs={useTheirs}
        />
      ) : (
        save.isError && (
          <Text size="xs" c="red.8">
            {errorText(save.error)}
          </Text>
        )
      )}
      {remove.isError && (
        <Text size="xs" c="red.8">
          {errorText(remove.error)}
        </Text>
      )}
      {elsewhere !== null && !conflict && (
        <Alert variant="light" color="yellow" p={6} mt={4}>
          <Text size="xs">{agencyMessages.agencyChangedElsewhere(elsewhere)}</Text>
        </Alert>
      )}
    </div>
  );
};
