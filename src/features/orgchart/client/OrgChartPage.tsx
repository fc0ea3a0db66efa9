import { ActionIcon, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconPlus, IconPrinter, IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../../client/ui/FormError.tsx';
import { PdfExportMenu } from '../../../client/ui/PdfExportMenu.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showError, showSuccess } from '../../../client/ui/toast.ts';
import { ORG_CHART_MAX_ROWS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { orgchartMessages } from '../orgchart.messages.ts';
import type { Seat } from '../orgchart.schemas.ts';
import { clampZoom, OrgChartCanvas, ZOOM } from './OrgChartCanvas.tsx';
import { CELL_HEIGHT, CELL_WIDTH, columnsShown, rowsShown } from './orgchart.layout.ts';
import { exportOrgChartPng } from './orgchart.png.ts';
import { useCreateChart, useMoveSeat, useOrgChart } from './orgchart.queries.ts';
import { freeNumbers, type SeatDraft, SeatFormDialog } from './SeatFormDialog.tsx';
import './orgchart.css';

/** A landscape page's printable area in CSS pixels (A4 and Letter alike, with margins). */
const PRINT_AREA = { width: 1000, height: 640 };

/** Where Add Seat puts a new seat: the first free place, from the top row down. */
const firstFreePlace = (seats: Seat[]): SeatDraft => {
  for (let row = 1; row <= ORG_CHART_MAX_ROWS; row++) {
    const free = freeNumbers(seats, row, null);
    const middle = free.find((n) => n >= 10) ?? free[0];
    if (middle) return { row, seatNumber: middle, parentId: seats.find((s) => s.row === row - 1)?.id ?? null };
  }
  return { row: 1, seatNumber: 1, parentId: null };
};

/**
 * Printing fits the chart on a landscape page: the zoom is set for the page just before the
 * browser lays it out, and put back afterwards.
 */
const usePrintZoom = (seats: Seat[], zoom: number, setZoom: (zoom: number) => void) => {
  const saved = useRef<number | null>(null);
  const latest = useRef({ seats, zoom });
  latest.current = { seats, zoom };
  useEffect(() => {
    const before = () => {
      const { seats: current, zoom: now } = latest.current;
      saved.current = now;
      const width = columnsShown(current).count * CELL_WIDTH;
      const height = rowsShown(current, ORG_CHART_MAX_ROWS) * CELL_HEIGHT;
      setZoom(Math.min(1, PRINT_AREA.width / width, PRINT_AREA.height / height));
    };
    const after = () => {
      if (saved.current !== null) setZoom(saved.current);
      saved.current = null;
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [setZoom]);
};

export const OrgChartPage = () => {
  const chart = useOrgChart();
  const create = useCreateChart();
  const move = useMoveSeat();
  const [zoom, setZoom] = useState(0.8);
  const [form, setForm] = useState<{ seat: Seat | null; draft: SeatDraft } | null>(null);
  const seats = chart.data?.seats ?? [];
  const editable = Boolean(chart.data?.canEdit);
  usePrintZoom(seats, zoom, setZoom);

  const onMove = (seat: Seat, row: number, seatNumber: number) => {
    if (seat.row === row && seat.seatNumber === seatNumber) return;
    move.mutate(
      { id: seat.id, row, seatNumber },
      {
        onSuccess: () => showSuccess(orgchartMessages.seatMoved),
        onError: (error) => showError(errorText(error)),
      },
    );
  };

  return (
    <Stack gap="md" className="cadence-printable">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {orgchartMessages.orgChartTitle}
        </Title>
        {seats.length > 0 && (
          <Group gap="xs" wrap="wrap" className="cadence-no-print">
            {editable && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setForm({ seat: null, draft: firstFreePlace(seats) })}
              >
                {orgchartMessages.addSeat}
              </Button>
            )}
            <Group gap={4}>
              <Tooltip label={orgchartMessages.zoomOut}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={orgchartMessages.zoomOut}
                  disabled={zoom <= ZOOM.min}
                  onClick={() => setZoom(clampZoom(zoom - ZOOM.step))}
                >
                  <IconZoomOut size={18} />
                </ActionIcon>
              </Tooltip>
              <Text size="sm" w={44} ta="center" aria-live="polite">
                {Math.round(zoom * 100)} %
              </Text>
              <Tooltip label={orgchartMessages.zoomIn}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={orgchartMessages.zoomIn}
                  disabled={zoom >= ZOOM.max}
                  onClick={() => setZoom(clampZoom(zoom + ZOOM.step))}
                >
                  <IconZoomIn size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={orgchartMessages.zoomReset}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={orgchartMessages.zoomReset}
                  onClick={() => setZoom(1)}
                >
                  <IconZoomReset size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <PdfExportMenu path={(paper) => `/org-chart/export?paper=${paper}`} fileName="org-chart.pdf" />
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                exportOrgChartPng(seats, orgchartMessages.orgChartTitle).catch((error: unknown) =>
                  showError(errorText(error)),
                )
              }
            >
              {orgchartMessages.exportPng}
            </Button>
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
              {messages.printButton}
            </Button>
          </Group>
        )}
      </Group>
      {chart.isPending ? (
        <SectionLoading />
      ) : chart.isError ? (
        <SectionError
          title={orgchartMessages.orgChartLoadFailed}
          error={chart.error}
          onRetry={() => void chart.refetch()}
          retrying={chart.isFetching}
        />
      ) : seats.length === 0 ? (
        <Card withBorder padding="lg" radius="md" maw={560}>
          <Stack gap="sm" align="flex-start">
            <Text fw={600}>{orgchartMessages.orgChartEmpty}</Text>
            {editable && (
              <>
                <Text size="sm" c="gray.7">
                  {orgchartMessages.orgChartStartHint}
                </Text>
                <Button
                  onClick={() => create.mutate(undefined, { onError: (error) => showError(errorText(error)) })}
                  loading={create.isPending}
                >
                  {orgchartMessages.orgChartStart}
                </Button>
              </>
            )}
          </Stack>
        </Card>
      ) : (
        <>
          {editable && (
            <Text id="orgchart-move-hint" size="sm" c="gray.7" className="cadence-no-print">
              {orgchartMessages.moveSeatHint}
            </Text>
          )}
          <OrgChartCanvas
            seats={seats}
            editable={editable}
            zoom={zoom}
            onZoom={setZoom}
            onOpen={(seat) => setForm({ seat, draft: { row: seat.row, seatNumber: seat.seatNumber, parentId: null } })}
            onMove={onMove}
          />
        </>
      )}
      <SeatFormDialog
        opened={form !== null}
        seat={form?.seat ?? null}
        draft={form?.draft ?? { row: 1, seatNumber: 1, parentId: null }}
        seats={seats}
        onClose={() => setForm(null)}
      />
    </Stack>
  );
};
