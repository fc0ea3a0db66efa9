import { Progress, Stack, Text } from '@mantine/core';
import { importsMessages as t } from '../imports.messages.ts';
import type { UploadProgress } from './upload-progress.ts';

/**
 * How far an import's upload is: the share sent while uploading, then the server's step
 * (`serverPhase`: reading the file for its columns, preparing the preview, importing), striped
 * while it works, and measured again once the server says how many items it has written.
 */
export const UploadProgressBar = ({ progress, serverPhase }: { progress: UploadProgress; serverPhase: string }) => {
  const working = progress.phase === 'server';
  const percent =
    progress.phase === 'uploading'
      ? progress.percent
      : progress.phase === 'writing'
        ? Math.round((progress.written / Math.max(progress.total, 1)) * 100)
        : 100;
  const label =
    progress.phase === 'writing'
      ? t.progressWritten(progress.written, progress.total)
      : t.progressLabel(working ? serverPhase : t.phaseUploading, percent);
  return (
    <Stack gap={4}>
      <Text size="sm" aria-live="polite">
        {working ? `${serverPhase}…` : label}
      </Text>
      <Progress value={percent} striped={working} animated={working} aria-label={label} />
    </Stack>
  );
};
