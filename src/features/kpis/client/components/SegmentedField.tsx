import { Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Segmented } from '../../../../client/ui/Segmented.tsx';

/** A choice among a few options with its label above and its error below, as the form's inputs show them. */
export const SegmentedField = <T extends string>({
  label,
  data,
  value,
  onChange,
  error,
  vertical = false,
}: {
  label: string;
  data: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  error?: string;
  vertical?: boolean;
}) => {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} component="span" id={labelId}>
        {label}
      </Text>
      <Segmented
        aria-labelledby={labelId}
        data={data}
        value={value}
        fullWidth
        orientation={vertical ? 'vertical' : 'horizontal'}
        onChange={(next) => onChange(next as T)}
      />
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
};
