import { Progress, Stack, Text } from '@mantine/core';
import { importsMessages as t } from '../imports.messages.ts';
import type { UploadProgress } from './upload-progress.ts';

/**
 * How far an import's upload is: the share sent while uploading, then the server's step
 * (`serverPhase`: reading the file for its columns, or preparing the preview), striped while it works.
 */
export const UploadProgressBar = ({ progress, serverPhase }: { progress: UploadProgress; serverPhase: string }) => {
  const phase = progress.phase === 'uploading' ? t.phaseUploading : serverPhase;
  const label = t.progressLabel(phase, progress.percent);
  return (
    <Stack gap={4}>
      <Text size="sm" aria-live="polite">
        {progress.phase === 'uploading' ? label : `${phase}…`}
      </Text>
      <Progress
        value={progress.percent}
        striped={progress.phase === 'server'}
        animated={progress.phase === 'server'}
        aria-label={label}
      />
    </Stack>
  );
};
