import { Group, Progress, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { vaultMessages } from '../vault.messages.ts';

// The strength meter of the password form: zxcvbn-ts (its dictionaries are large, so they load
// only when the form first opens, in a chunk of their own).

type Scorer = (password: string) => number;
let scorer: Promise<Scorer> | undefined;

const loadScorer = () => {
  scorer ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, en]) => {
    const factory = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
    return (password: string) => factory.check(password.slice(0, 100)).score;
  });
  return scorer;
};

const COLORS = ['red', 'orange', 'yellow', 'teal', 'green'];

export const PasswordStrength = ({ password }: { password: string }) => {
  const [score, setScore] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    if (!password) {
      setScore(null);
      return;
    }
    void loadScorer().then((score) => {
      if (current) setScore(score(password));
    });
    return () => {
      current = false;
    };
  }, [password]);
  if (score === null) return null;
  const label = vaultMessages.vaultStrengthLabels[score] ?? '';
  return (
    <Group gap="xs" wrap="nowrap" data-testid="password-strength">
      <Progress
        value={((score + 1) / 5) * 100}
        color={COLORS[score]}
        flex={1}
        size="sm"
        // The text beside it says the same in words.
        aria-hidden
      />
      <Text size="xs" c="dimmed" miw={80} ta="right">
        {vaultMessages.vaultStrength}: {label}
      </Text>
    </Group>
  );
};
