import { Box, Text, UnstyledButton } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ORG_CHART_MAX_ROWS } from '../../../shared/constants.ts';
import { orgchartMessages } from '../orgchart.messages.ts';
import type { Seat } from '../orgchart.schemas.ts';
import {
  CELL_HEIGHT,
  CELL_WIDTH,
  columnsShown,
  linkPoints,
  rowsShown,
  SEAT_HEIGHT,
  SEAT_WIDTH,
  scrollToSeat,
  seatLeft,
  seatTop,
  topSeat,
} from './orgchart.layout.ts';
import { SeatCard, type SeatCardActions } from './SeatCard.tsx';

// The chart itself: seats placed on the grid, lines from parents to children, zoom (buttons,
// +/−/0 keys, Ctrl+wheel) and pan (scrolling, arrow keys, or dragging the background). A seat
// moves by dragging it onto a free place, or by keyboard: M on a seat, then Enter on a free place.

export const ZOOM = { min: 0.3, max: 1.5, step: 0.1 } as const;
export const clampZoom = (zoom: number) => Math.round(Math.min(ZOOM.max, Math.max(ZOOM.min, zoom)) * 100) / 100;

export const OrgChartCanvas = ({
  seats,
  editable,
  zoom,
  onZoom,
  onOpen,
  onMove,
}: {
  seats: Seat[];
  editable: boolean;
  zoom: number;
  onZoom: (zoom: number) => void;
  onOpen: (seat: Seat) => void;
  onMove: (seat: Seat, row: number, seatNumber: number) => void;
}) => {
  const [moving, setMoving] = useState<{ seat: Seat; by: 'drag' | 'keyboard' } | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const columns = columnsShown(seats);
  const rows = rowsShown(seats, ORG_CHART_MAX_ROWS);
  const width = columns.count * CELL_WIDTH;
  const height = rows * CELL_HEIGHT;

  // Callbacks the memoized cards hold on to: stable, reading the latest state through a ref.
  const latest = useRef({ moving, onOpen, onMove });
  latest.current = { moving, onOpen, onMove };
  const actions = useMemo<SeatCardActions>(
    () => ({
      onOpen: (seat) => latest.current.onOpen(seat),
      onStartMove: (seat) => setMoving({ seat, by: 'keyboard' }),
      onDragStart: (seat) => setMoving({ seat, by: 'drag' }),
      onDragEnd: () => setMoving((current) => (current?.by === 'drag' ? null : current)),
      onDropOnto: (target) => {
        const source = latest.current.moving?.seat;
        setMoving(null);
        if (source && source.id !== target.id) latest.current.onMove(source, target.row, target.seatNumber);
      },
    }),
    [],
  );
  const dropAt = useCallback((row: number, seatNumber: number) => {
    const source = latest.current.moving?.seat;
    setMoving(null);
    if (source) latest.current.onMove(source, row, seatNumber);
  }, []);

  const taken = useMemo(() => new Set(seats.map((s) => `${s.row}/${s.seatNumber}`)), [seats]);
  const freePlaces = useMemo(() => {
    if (!moving) return [];
    const places: { row: number; seatNumber: number }[] = [];
    for (let row = 1; row <= rows; row++)
      for (let seatNumber = columns.first; seatNumber <= columns.last; seatNumber++)
        if (!taken.has(`${row}/${seatNumber}`)) places.push({ row, seatNumber });
    return places;
  }, [moving, rows, columns.first, columns.last, taken]);

  // Keyboard moving: the first free place takes the focus; Escape gives up.
  const firstFree = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (moving?.by === 'keyboard') firstFree.current?.focus();
  }, [moving]);

  // The lines, drawn again only when the seats change: not when a move starts or ends
  // (bench/orgchart.ts drags a seat across 200).
  const lines = useMemo(() => {
    const byId = new Map(seats.map((seat) => [seat.id, seat]));
    return (
      <svg width={width} height={height} style={{ position: 'absolute', inset: 0 }} aria-hidden="true">
        {seats.map((seat) => {
          const parent = seat.parentId ? byId.get(seat.parentId) : undefined;
          if (!parent) return null;
          const points = linkPoints(parent, seat, columns.first)
            .map((p) => p.join(','))
            .join(' ');
          return <polyline key={seat.id} points={points} fill="none" stroke="#868E96" strokeWidth={1.5} />;
        })}
      </svg>
    );
  }, [seats, columns.first, width, height]);

  // The chart opens on its top seat, before the first paint: on a phone (and for any chart wider
  // than the screen) the plane would otherwise show its left edge, away from the head of the tree.
  const opened = useRef(false);
  useLayoutEffect(() => {
    const element = viewport.current;
    const head = topSeat(seats);
    if (opened.current || !element || !head) return;
    opened.current = true;
    const { left, top } = scrollToSeat(head, columns.first, zoom, element.clientWidth);
    element.scrollTo({ left, top });
  }, [seats, columns.first, zoom]);

  // Panning by dragging the background (not a seat).
  const pan = useRef<{ x: number; y: number; left: number; top: number } | null>(null);

  return (
    <Box
      ref={viewport}
      className="orgchart-viewport"
      tabIndex={0}
      role="region"
      aria-label={orgchartMessages.orgChartTitle}
      aria-describedby={editable ? 'orgchart-move-hint' : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && moving) {
          setMoving(null);
          return;
        }
        if (event.target !== event.currentTarget) return;
        if (event.key === '+' || event.key === '=') onZoom(clampZoom(zoom + ZOOM.step));
        else if (event.key === '-') onZoom(clampZoom(zoom - ZOOM.step));
        else if (event.key === '0') onZoom(1);
      }}
      onWheel={(event) => {
        if (!event.ctrlKey) return;
        event.preventDefault();
        onZoom(clampZoom(zoom - Math.sign(event.deltaY) * ZOOM.step));
      }}
      onPointerDown={(event) => {
        const element = viewport.current;
        if (!element || event.button !== 0 || (event.target as Element).closest('.orgchart-seat, .orgchart-free'))
          return;
        pan.current = { x: event.clientX, y: event.clientY, left: element.scrollLeft, top: element.scrollTop };
      }}
      onPointerMove={(event) => {
        const element = viewport.current;
        if (!element || !pan.current) return;
        element.scrollLeft = pan.current.left - (event.clientX - pan.current.x);
        element.scrollTop = pan.current.top - (event.clientY - pan.current.y);
      }}
      onPointerUp={() => {
        pan.current = null;
      }}
      onPointerLeave={() => {
        pan.current = null;
      }}
    >
      <Box className="orgchart-sizer" style={{ width: width * zoom, height: height * zoom }}>
        <Box
          className="orgchart-plane"
          style={{ width, height, transform: `scale(${zoom})`, transformOrigin: '0 0', position: 'relative' }}
        >
          {lines}
          {seats.map((seat) => (
            <SeatCard
              key={seat.id}
              seat={seat}
              firstColumn={columns.first}
              editable={editable}
              moving={moving?.seat.id === seat.id}
              actions={actions}
            />
          ))}
          {freePlaces.map(({ row, seatNumber }, index) => (
            <UnstyledButton
              key={`${row}/${seatNumber}`}
              ref={index === 0 ? firstFree : undefined}
              className="orgchart-free"
              aria-label={orgchartMessages.freeSeatLabel(row, seatNumber)}
              data-place={`${row}/${seatNumber}`}
              onClick={() => dropAt(row, seatNumber)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                dropAt(row, seatNumber);
              }}
              style={{
                position: 'absolute',
                left: seatLeft(seatNumber, columns.first),
                top: seatTop(row),
                width: SEAT_WIDTH,
                height: SEAT_HEIGHT,
              }}
            >
              <Text size="xs" c="gray.7">
                {row} · {seatNumber}
              </Text>
            </UnstyledButton>
          ))}
        </Box>
      </Box>
      {moving?.by === 'keyboard' && (
        <Text role="status" className="orgchart-moving" size="sm">
          {orgchartMessages.movingSeat(moving.seat.jobTitle)}
        </Text>
      )}
    </Box>
  );
};
