import { Draggable, Droppable } from '@hello-pangea/dnd';
import { Button, Text } from '@mantine/core';
import { memo, type ReactNode, type RefObject, useRef } from 'react';
import { useNearView } from '../../../../client/ui/useNearView.ts';
import { messages } from '../../../../shared/messages.ts';
import type { Card } from '../../../tasks/tasks.schemas.ts';
import { boardsMessages } from '../../boards.messages.ts';
import type { Column, GroupBy } from '../boards.format.ts';
import { BoardCard, type CardContext } from './BoardCard.tsx';
import './board.css';

// One column of the board: a list (or an owner, or Active/Done), its cards, actions and add form
// rendered once it is near the visible part of the board, and "Show N more" for the next page of
// them. A column far away is its title, count and drag handle: a drop target, light to lay out.

export const COLUMN_WIDTH = 272;
/** A column renders once it is within half a column of the board's visible part. */
const NEAR_MARGIN = `0px ${COLUMN_WIDTH / 2}px`;
/** The columns a laptop's screen shows side by side: rendered whole from the first render. */
const FIRST_COLUMNS = 4;

interface ColumnCardsProps {
  droppableId: string;
  columnKey: string;
  title: string;
  cards: Card[];
  empty: boolean;
  dropDisabled: boolean;
  context: CardContext;
}

const sameCards = (before: Card[], after: Card[]) =>
  before.length === after.length && before.every((card, index) => card === after[index]);

/** A card as a draggable: after a drop only the cards whose place changed render again. */
const CardItem = memo(
  ({ columnKey, card, index, context }: { columnKey: string; card: Card; index: number; context: CardContext }) => (
    <Draggable draggableId={`${columnKey}::${card.id}`} index={index}>
      {(drag, dragSnapshot) => <BoardCard card={card} context={context} provided={drag} snapshot={dragSnapshot} />}
    </Draggable>
  ),
);

/**
 * A column's cards, the costly part of a board: it renders again only when its own cards (by
 * identity), title or context change — not when another column loads more or a button's state
 * changes. Dragging still updates it: Droppable and Draggable follow the drag themselves.
 */
const ColumnCards = memo(
  ({ droppableId, columnKey, title, cards, empty, dropDisabled, context }: ColumnCardsProps) => {
    // Made here, outside the drop target's render function: that runs again whenever a drag
    // enters, leaves or starts in the column, and then gives React these same elements, which it
    // does not render again (each draggable follows its own part of the drag). In a list of a
    // thousand that is most of a lift's and a drop's cost.
    const items = cards.map((card, index) => (
      <CardItem key={`${columnKey}:${card.id}`} columnKey={columnKey} card={card} index={index} context={context} />
    ));
    return (
      <Droppable droppableId={droppableId} type="CARD" isDropDisabled={dropDisabled}>
        {(provided, snapshot) => (
          <ul
            ref={provided.innerRef}
            {...provided.droppableProps}
            className="board-column-cards"
            data-over={snapshot.isDraggingOver || undefined}
            aria-label={boardsMessages.listCards(title)}
          >
            {items}
            {provided.placeholder}
            {empty && !snapshot.isDraggingOver && (
              <Text size="xs" c="dimmed" ta="center" py={8} component="li">
                {boardsMessages.noCards}
              </Text>
            )}
          </ul>
        )}
      </Droppable>
    );
  },
  (before, after) =>
    before.droppableId === after.droppableId &&
    before.title === after.title &&
    before.empty === after.empty &&
    before.dropDisabled === after.dropDisabled &&
    before.context === after.context &&
    sameCards(before.cards, after.cards),
);

export const ColumnView = ({
  column,
  index,
  groupBy,
  context,
  scrollRoot,
  onShowMore,
  loadingMore,
  dragHandle,
  headerActions,
  footer,
}: {
  column: Column;
  /** The column's place on the board: the first ones start rendered whole. */
  index: number;
  groupBy: GroupBy;
  context: CardContext;
  scrollRoot: RefObject<HTMLElement | null>;
  /** Loads the column's next cards; null while that is not possible (the next board is loading). */
  onShowMore: ((key: string) => void) | null;
  loadingMore: boolean;
  dragHandle?: ReactNode;
  headerActions?: ReactNode;
  footer?: ReactNode;
}) => {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearView(ref, { root: scrollRoot, rootMargin: NEAR_MARGIN, initially: index < FIRST_COLUMNS });
  const visible = near ? column.cards : [];
  const more = column.count - column.cards.length;
  return (
    <div
      ref={ref}
      className="board-column"
      style={{ width: COLUMN_WIDTH }}
      data-testid="board-column"
      data-column={column.title}
      data-rendered-cards={visible.length}
    >
      <div className="board-column-head">
        <div className="board-column-name">
          {dragHandle}
          <h3 className="board-column-title">{column.title}</h3>
          <Text size="xs" c="dimmed" aria-label={boardsMessages.cardCountOf(column.count)} data-testid="column-count">
            {column.count}
          </Text>
        </div>
        {near && headerActions}
      </div>
      <ColumnCards
        droppableId={`${groupBy}:${column.key}`}
        columnKey={column.key}
        title={column.title}
        cards={visible}
        empty={column.count === 0}
        dropDisabled={column.dropDisabled ?? false}
        context={context}
      />
      {near && more > 0 && (
        <Button
          variant="subtle"
          size="xs"
          fullWidth
          loading={loadingMore}
          disabled={!onShowMore}
          onClick={() => onShowMore?.(column.key)}
        >
          {messages.showMoreCards(more)}
        </Button>
      )}
      {near && footer}
    </div>
  );
};
