import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { AgencyQuestion } from '../../agency.schemas.ts';
import { AnswerField } from './AnswerField.tsx';

/**
 * A question and its answer slots: all numOfAnswers slots, or (addAnswer) the answers given plus
 * Add answer while there is room.
 */
export const QuestionBlock = ({
  itemId,
  question,
  readOnly,
  viewerId,
}: {
  itemId: string;
  question: AgencyQuestion;
  readOnly: boolean;
  viewerId: string | null;
}) => {
  const given = question.answers.reduce((n, answer) => Math.max(n, answer.position + 1), 0);
  // Slots asked for with Add answer (not yet saved) count until the answers given reach them.
  const [shown, setShown] = useState(1);
  const slots = question.addAnswer ? Math.min(question.numOfAnswers, Math.max(1, given, shown)) : question.numOfAnswers;
  const ids = { itemId, columnId: question.columnId, questionId: question.id };
  return (
    <Stack gap={6} component="section" aria-label={question.question} className="agency-question">
      <Text size="sm" fw={600}>
        {question.question}
      </Text>
      {Array.from({ length: slots }, (_, position) => (
        <AnswerField
          // biome-ignore lint/suspicious/noArrayIndexKey: a slot is its position
          key={position}
          ids={ids}
          position={position}
          answer={question.answers.find((answer) => answer.position === position)}
          label={messages.agencyAnswerLabel(question.question, position + 1, slots)}
          maxLength={question.maxLength}
          readOnly={readOnly || question.hidden}
          removable={question.addAnswer && position < given}
          viewerId={viewerId}
        />
      ))}
      {question.addAnswer && !readOnly && slots < question.numOfAnswers && (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          onClick={() => setShown(slots + 1)}
          className="cadence-no-print"
          style={{ alignSelf: 'flex-start' }}
          aria-label={`${messages.agencyAddAnswer}: ${question.question}`}
        >
          {messages.agencyAddAnswer}
        </Button>
      )}
    </Stack>
  );
};
