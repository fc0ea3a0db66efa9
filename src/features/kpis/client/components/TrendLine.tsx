import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';

const TrendSparkline = lazy(async () => ({ default: (await import('./TrendSparkline.tsx')).TrendSparkline }));

/** The trend line, or an empty space of its size while the chart code loads; none for under two values. */
export const TrendLine = ({ values, label }: { values: number[]; label: string }) => {
  if (values.length < 2) return <Box w={96} h={28} />;
  return (
    <Suspense fallback={<Box w={96} h={28} />}>
      <TrendSparkline values={values} label={label} />
    </Suspense>
  );
};
