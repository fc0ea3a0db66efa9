import { Avatar } from '@mantine/core';
import { memo } from 'react';
import { orgchartMessages } from '../orgchart.messages.ts';
import { seatPeople } from '../orgchart.names.ts';
import type { Seat } from '../orgchart.schemas.ts';
import { SEAT_HEIGHT, SEAT_WIDTH, seatLeft, seatTop } from './orgchart.layout.ts';

/** What a card tells the chart: open it, start moving it, or take a drop on its place. */
export interface SeatCardActions {
  onOpen: (seat: Seat) => void;
  onStartMove: (seat: Seat) => void;
  onDragStart: (seat: Seat) => void;
  onDragEnd: () => void;
  onDropOnto: (seat: Seat) => void;
}

/** A seat on the chart: its colour, title, people and responsibilities. */
export const SeatCard = memo(
  ({
    seat,
    firstColumn,
    editable,
    moving,
    actions,
  }: {
    seat: Seat;
    firstColumn: number;
    editable: boolean;
    /** This seat is being moved (by drag or keyboard). */
    moving: boolean;
    actions: SeatCardActions;
  }) => {
    const people = seatPeople(seat);
    const picture = seat.image ?? seat.users.find((user) => user.image)?.image ?? null;
    const style = {
      position: 'absolute',
      left: seatLeft(seat.seatNumber, firstColumn),
      top: seatTop(seat.row),
      width: SEAT_WIDTH,
      height: SEAT_HEIGHT,
      borderColor: seat.color,
      background: `color-mix(in srgb, ${seat.color} 28%, white)`,
      opacity: moving ? 0.5 : 1,
      cursor: editable ? 'grab' : 'default',
    } as const;
    const label = orgchartMessages.seatLabel(seat.jobTitle, seat.row, seat.seatNumber);
    // Plain elements styled by orgchart.css: a chart draws hundreds of seats, and a Mantine
    // Text or Stack per line costs each seat several components to render. Spans, since a
    // button may hold only phrasing content.
    const body = (
      <span className="orgchart-seat-body">
        <span className="orgchart-seat-title">{seat.jobTitle}</span>
        <span className="orgchart-seat-people">
          {people.length > 0 && <Avatar src={picture} name={people[0]} color="initials" size={22} alt="" />}
          <span className={people.length ? 'orgchart-seat-line' : 'orgchart-seat-line orgchart-seat-vacant'}>
            {people.length ? people.join(', ') : orgchartMessages.seatVacant}
          </span>
        </span>
        {seat.description.slice(0, 3).map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat; their order is their identity
          <span key={index} className="orgchart-seat-line orgchart-seat-duty">
            • {line}
          </span>
        ))}
      </span>
    );
    if (!editable)
      return (
        // biome-ignore lint/a11y/useSemanticElements: a card on a drawing, not a form's fieldset
        <div role="group" className="orgchart-seat" data-seat-id={seat.id} aria-label={label} style={style}>
          {body}
        </div>
      );
    return (
      <button
        type="button"
        className="orgchart-seat"
        data-seat-id={seat.id}
        aria-label={label}
        draggable
        onClick={() => actions.onOpen(seat)}
        onKeyDown={(event) => {
          if (event.key === 'm' || event.key === 'M') {
            event.preventDefault();
            actions.onStartMove(seat);
          }
        }}
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', seat.id);
          actions.onDragStart(seat);
        }}
        onDragEnd={actions.onDragEnd}
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          actions.onDropOnto(seat);
        }}
        style={style}
      >
        {body}
      </button>
    );
  },
);
