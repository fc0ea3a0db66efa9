import { Button, List, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useMoments } from '../../../../client/lib/moments.ts';
import { agencyMessages } from '../../agency.messages.ts';
import type { AgencyQuestion } from '../../agency.schemas.ts';
import { AnswerField } from './AnswerField.tsx';

/** A question that takes no answers here (a 'noneditable' column, a hidden question): its answers as text. */
const AnswersAsText = ({ question }: { question: AgencyQuestion }) => {
  const moments = useMoments();
  return question.answers.length === 0 ? (
    <Text size="sm" c="gray.7" fs="italic">
      {agencyMessages.agencyNoAnswer}
    </Text>
  ) : (
    <List size="sm" spacing={4}>
      {question.answers.map((answer) => (
        <List.Item key={answer.position}>
          {answer.answer}
          {answer.changedBy && (
            <Text span size="xs" c="gray.7">
              {' '}
              ({agencyMessages.agencyChangedBy(answer.changedBy.name, moments.at(answer.changedAt))})
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
};

/**
 * A question and its answer slots: all numOfAnswers slots, or (addAnswer) the answers given plus
 * Add answer while there is room. Where nothing may be answered, no field and no Add answer.
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
  const locked = readOnly || question.hidden;
  return (
    <Stack gap={6} component="section" aria-label={question.question} className="agency-question">
      <Text size="sm" fw={600}>
        {question.question}
      </Text>
      {locked && <AnswersAsText question={question} />}
      {!locked &&
        Array.from({ length: slots }, (_, position) => (
          <AnswerField
            // biome-ignore lint/suspicious/noArrayIndexKey: a slot is its position
            key={position}
            ids={ids}
            position={position}
            answer={question.answers.find((answer) => answer.position === position)}
            label={agencyMessages.agencyAnswerLabel(question.question, position + 1, slots)}
            maxLength={question.maxLength}
            removable={question.addAnswer && position < given}
            viewerId={viewerId}
          />
        ))}
      {question.addAnswer && !locked && slots < question.numOfAnswers && (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          onClick={() => setShown(slots + 1)}
          className="cadence-no-print"
          style={{ alignSelf: 'flex-start' }}
          aria-label={`${agencyMessages.agencyAddAnswer}: ${question.question}`}
        >
          {agencyMessages.agencyAddAnswer}
        </Button>
      )}
    </Stack>
  );
};
