import { Button, FileInput, Group, NumberInput, Radio, Select, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText, FormError } from '../../../client/ui/FormError.tsx';
import { SectionCard } from '../../../client/ui/SectionCard.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { useSimpleMeetings } from '../../meetings/client/meetings.queries.ts';
import { importsMessages as t } from '../imports.messages.ts';
import {
  BOARD_IMPORT_KINDS,
  type CsvColumns,
  type ImportKind,
  type ImportOptions,
  type ImportPreview,
  isCsvImportKind,
  JSON_IMPORT_KINDS,
  XLSX_IMPORT_KINDS,
} from '../imports.schemas.ts';
import { type ColumnMapping, CsvColumnsStep, type DateOrder } from './CsvColumnsStep.tsx';
import { ImportPreviewView } from './ImportPreviewView.tsx';
import { useConfirmImport, useCsvColumns, usePreviewImport } from './imports.queries.ts';
import { UploadProgressBar } from './UploadProgressBar.tsx';
import type { UploadProgress } from './upload-progress.ts';

type Duplicates = ImportOptions['duplicates'];

const FORMATS: { value: ImportKind; label: string }[] = [
  { value: 'ninety-scorecard', label: t.formatNinetyScorecard },
  { value: 'ninety-scorecard-monthly', label: t.formatNinetyMonthly },
  { value: 'trello-board', label: t.formatTrelloBoard },
  { value: 'planka-board', label: t.formatPlankaBoard },
  { value: 'ninety-rocks', label: t.formatNinetyRocks },
  { value: 'ninety-issues', label: t.formatNinetyIssues },
  { value: 'csv-todos', label: t.formatCsvTodos },
  { value: 'csv-issues', label: t.formatCsvIssues },
  { value: 'csv-goals', label: t.formatCsvGoals },
  { value: 'csv-kpis', label: t.formatCsvKpis },
  { value: 'csv-people', label: t.formatCsvPeople },
];

const ACCEPT = (kind: ImportKind) =>
  JSON_IMPORT_KINDS.includes(kind)
    ? '.json,application/json'
    : XLSX_IMPORT_KINDS.includes(kind)
      ? '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      : '.csv,text/csv';

/**
 * The import of a file of another tool (a Ninety scorecard, a Trello or Planka board): the
 * format, the meeting and the file, a preview (people to map, rows in
 * error, what each KPI becomes), then Import. Any change of the settings previews again, so what
 * is confirmed is what was last shown.
 */
export const NinetyImportSection = () => {
  const meetings = useSimpleMeetings();
  const previewCall = usePreviewImport();
  const confirmCall = useConfirmImport();
  const columnsCall = useCsvColumns();
  const [kind, setKind] = useState<ImportKind>('ninety-scorecard');
  const [year, setYear] = useState<number>(new Date().getFullYear());
  const [meetingId, setMeetingId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [duplicates, setDuplicates] = useState<Duplicates>('skip');
  const [people, setPeople] = useState<Record<string, string | null>>({});
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [columns, setColumns] = useState<CsvColumns | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [dateOrder, setDateOrder] = useState<DateOrder>('auto');
  const [progress, setProgress] = useState<{ progress: UploadProgress; phase: string } | null>(null);
  const generic = isCsvImportKind(kind);
  const tracked = (phase: string) => (next: UploadProgress) => setProgress({ progress: next, phase });
  const untrack = () => setProgress(null);

  const optionsOf = (overrides: Partial<ImportOptions> = {}): ImportOptions | null =>
    meetingId
      ? {
          kind,
          meetingId,
          ...(kind === 'ninety-scorecard-monthly' ? { year } : {}),
          ...(generic ? { columns: mapping, dateOrder } : {}),
          duplicates,
          people,
          skipInvalidRows: skipInvalid,
          ...overrides,
        }
      : null;

  const runPreview = (options: ImportOptions | null) => {
    if (!options || !file) return;
    previewCall.mutate(
      { options, file, onProgress: tracked(t.phasePreviewing) },
      { onSuccess: setPreview, onSettled: untrack },
    );
  };

  /** A generic CSV's columns, read as soon as its file is chosen; the suggested mapping preselected. */
  const readColumns = (chosen: File | null, forKind: ImportKind) => {
    setColumns(null);
    columnsCall.reset();
    if (!chosen || !isCsvImportKind(forKind)) return;
    columnsCall.mutate(
      { kind: forKind, file: chosen, onProgress: tracked(t.phaseReading) },
      {
        onSuccess: (answer) => {
          setColumns(answer);
          setMapping(answer.suggested);
        },
        onSettled: untrack,
      },
    );
  };

  const reset = () => {
    setFile(null);
    setPeople({});
    setSkipInvalid(false);
    setPreview(null);
    setColumns(null);
    setMapping({});
    previewCall.reset();
    confirmCall.reset();
    columnsCall.reset();
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
      { options, file, onProgress: tracked(t.phaseImporting) },
      {
        onSuccess: (record) => {
          showSuccess(
            isBoard
              ? t.importedCards(record.counts.cards ?? 0)
              : generic
                ? t.importedCounts(t.countsText(record.counts))
                : XLSX_IMPORT_KINDS.includes(kind)
                  ? t.importedItems(Object.values(record.counts).reduce((n, c) => n + c, 0))
                  : t.imported(record.counts.kpis ?? 0, record.counts.values ?? 0),
          );
          reset();
        },
        onSettled: untrack,
      },
    );
  };

  const isBoard = BOARD_IMPORT_KINDS.includes(kind);
  const busy = previewCall.isPending || confirmCall.isPending || columnsCall.isPending;
  // Beside the button that started it: the confirmation's is below a long preview.
  const progressBar = progress && <UploadProgressBar progress={progress.progress} serverPhase={progress.phase} />;
  const mapped = !generic || (columns?.fields ?? []).every((f) => !f.required || mapping[f.field]);
  const blocked =
    !preview || (preview.errorCount > 0 && !skipInvalid) || preview.create.kpis + preview.merge.kpis === 0;

  return (
    <SectionCard title={t.sectionTitle}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t.pageIntro}
        </Text>
        <Select
          label={t.formatLabel}
          data={FORMATS}
          value={kind}
          onChange={(value) => {
            if (!value) return;
            setKind(value as ImportKind);
            setFile(null);
            setPeople({});
            setPreview(null);
            setColumns(null);
          }}
          allowDeselect={false}
          disabled={busy}
        />
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
          accept={ACCEPT(kind)}
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          value={file}
          onChange={(value) => {
            setFile(value);
            setPeople({});
            setPreview(null);
            readColumns(value, kind);
          }}
          disabled={busy}
          required
        />
        {kind === 'ninety-scorecard-monthly' && (
          <NumberInput
            label={t.yearLabel}
            value={year}
            min={2000}
            max={2100}
            onChange={(value) => {
              if (typeof value !== 'number') return;
              setYear(value);
              setPreview(null);
            }}
            disabled={busy}
          />
        )}
        {columns && (
          <CsvColumnsStep
            columns={columns}
            mapping={mapping}
            onMapping={(next) => {
              setMapping(next);
              setPreview(null);
            }}
            dateOrder={dateOrder}
            onDateOrder={(order) => {
              setDateOrder(order);
              runPreview(optionsOf({ dateOrder: order }));
            }}
            disabled={busy}
          />
        )}
        {/* A generic CSV's duplicates are skipped either way: nothing of a second copy could merge. */}
        {!generic && (
          <Radio.Group
            label={isBoard ? t.duplicateBoardsLabel : t.duplicatesLabel}
            value={duplicates}
            onChange={(value) => {
              setDuplicates(value as Duplicates);
              runPreview(optionsOf({ duplicates: value as Duplicates }));
            }}
          >
            <Group gap="lg" mt={6}>
              <Radio value="skip" label={isBoard ? t.duplicateBoardsSkip : t.duplicatesSkip} disabled={busy} />
              <Radio value="merge" label={isBoard ? t.duplicateBoardsMerge : t.duplicatesMerge} disabled={busy} />
            </Group>
          </Radio.Group>
        )}
        <Group gap="sm">
          <Button
            variant={preview ? 'default' : 'filled'}
            onClick={() => runPreview(optionsOf())}
            disabled={!meetingId || !file || !mapped || (generic && !columns)}
            loading={previewCall.isPending}
          >
            {t.previewButton}
          </Button>
        </Group>
        {!confirmCall.isPending && progressBar}
        <FormError message={columnsCall.error ? errorText(columnsCall.error) : null} />
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
            {confirmCall.isPending && progressBar}
          </>
        )}
      </Stack>
    </SectionCard>
  );
};
