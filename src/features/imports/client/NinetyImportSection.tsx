import { Button, FileInput, Group, Radio, Select, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText, FormError } from '../../../client/ui/FormError.tsx';
import { SectionCard } from '../../../client/ui/SectionCard.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { useSimpleMeetings } from '../../meetings/client/meetings.queries.ts';
import { importsMessages as t } from '../imports.messages.ts';
import type { ImportOptions, ImportPreview } from '../imports.schemas.ts';
import { ImportPreviewView } from './ImportPreviewView.tsx';
import { useConfirmImport, usePreviewImport } from './imports.queries.ts';

type Duplicates = ImportOptions['duplicates'];

/**
 * The import of a Ninety scorecard: the meeting and the file, a preview (people to map, rows in
 * error, what each KPI becomes), then Import. Any change of the settings previews again, so what
 * is confirmed is what was last shown.
 */
export const NinetyImportSection = () => {
  const meetings = useSimpleMeetings();
  const previewCall = usePreviewImport();
  const confirmCall = useConfirmImport();
  const [meetingId, setMeetingId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [duplicates, setDuplicates] = useState<Duplicates>('skip');
  const [people, setPeople] = useState<Record<string, string | null>>({});
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);

  const optionsOf = (overrides: Partial<ImportOptions> = {}): ImportOptions | null =>
    meetingId
      ? {
          kind: 'ninety-scorecard',
          meetingId,
          duplicates,
          people,
          skipInvalidRows: skipInvalid,
          ...overrides,
        }
      : null;

  const runPreview = (options: ImportOptions | null) => {
    if (!options || !file) return;
    previewCall.mutate({ options, file }, { onSuccess: setPreview });
  };

  const reset = () => {
    setFile(null);
    setPeople({});
    setSkipInvalid(false);
    setPreview(null);
    previewCall.reset();
    confirmCall.reset();
  };

  const mapPerson = (source: string, userId: string | null) => {
    const next = { ...people, [source]: userId };
    setPeople(next);
    runPreview(optionsOf({ people: next }));
  };

  const confirm = () => {
    const options = optionsOf();
    if (!options || !file) return;
    confirmCall.mutate(
      { options, file },
      {
        onSuccess: (record) => {
          showSuccess(t.imported(record.counts.kpis ?? 0, record.counts.values ?? 0));
          reset();
        },
      },
    );
  };

  const busy = previewCall.isPending || confirmCall.isPending;
  const blocked =
    !preview || (preview.errorCount > 0 && !skipInvalid) || preview.create.kpis + preview.merge.kpis === 0;

  return (
    <SectionCard title={t.formatNinetyScorecard}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t.pageIntro}
        </Text>
        <Select
          label={t.meetingLabel}
          placeholder={t.meetingPlaceholder}
          data={(meetings.data ?? []).map((meeting) => ({ value: meeting.id, label: meeting.title }))}
          value={meetingId}
          onChange={(value) => {
            setMeetingId(value);
            setPreview(null);
          }}
          searchable
          disabled={busy}
          required
        />
        <FileInput
          label={t.fileLabel}
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          value={file}
          onChange={(value) => {
            setFile(value);
            setPeople({});
            setPreview(null);
          }}
          disabled={busy}
          required
        />
        <Radio.Group
          label={t.duplicatesLabel}
          value={duplicates}
          onChange={(value) => {
            setDuplicates(value as Duplicates);
            runPreview(optionsOf({ duplicates: value as Duplicates }));
          }}
        >
          <Group gap="lg" mt={6}>
            <Radio value="skip" label={t.duplicatesSkip} disabled={busy} />
            <Radio value="merge" label={t.duplicatesMerge} disabled={busy} />
          </Group>
        </Radio.Group>
        <Group gap="sm">
          <Button
            variant={preview ? 'default' : 'filled'}
            onClick={() => runPreview(optionsOf())}
            disabled={!meetingId || !file}
            loading={previewCall.isPending}
          >
            {t.previewButton}
          </Button>
        </Group>
        <FormError message={previewCall.error ? errorText(previewCall.error) : null} />
        {preview && (
          <>
            <ImportPreviewView
              preview={preview}
              onMapPerson={mapPerson}
              skipInvalid={skipInvalid}
              onSkipInvalid={setSkipInvalid}
              disabled={busy}
            />
            <FormError message={confirmCall.error ? errorText(confirmCall.error) : null} />
            <Group gap="sm">
              <Button onClick={confirm} disabled={blocked || previewCall.isPending} loading={confirmCall.isPending}>
                {t.confirmButton}
              </Button>
              <Button variant="default" onClick={reset} disabled={busy}>
                {t.cancelButton}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </SectionCard>
  );
};
