import { Box, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { agencyMessages } from '../../agency.messages.ts';
import type { AgencyColumn, AgencyItem } from '../../agency.schemas.ts';
import { ColumnCard } from './ColumnCard.tsx';
import type { ContentActions } from './ContentMenu.tsx';
import '../agency.css';

/** A column and the columns that follow it (parent → children), in reading order. */
interface Branch {
  column: AgencyColumn;
  children: Branch[];
}

/** The columns as trees: a column whose parent is not on the board (hidden) starts one of its own. */
const branches = (columns: AgencyColumn[]): Branch[] => {
  const byId = new Map(columns.map((column) => [column.id, { column, children: [] as Branch[] }]));
  const roots: Branch[] = [];
  for (const column of columns) {
    const branch = byId.get(column.id)!;
    const parent = column.parentId ? byId.get(column.parentId) : undefined;
    if (parent) parent.children.push(branch);
    else roots.push(branch);
  }
  return roots;
};

const Arrow = () => (
  <Box className="agency-arrow" aria-hidden>
    <IconArrowRight size={22} />
  </Box>
);

/**
 * A framework's columns with arrows that follow the parent → children relation (decision 065):
 * a column with one follower leads to it with an arrow (a chain: A → B → C); a column with
 * several leads with one arrow to their group, and the followers, siblings, have no arrow between
 * them. Used by the framework page and the live meeting step.
 */
export const FrameworkBoard = ({
  item,
  viewerId,
  actions,
}: {
  item: AgencyItem;
  viewerId: string | null;
  actions: ContentActions | null;
}) => {
  const titles = new Map(item.columns.map((column) => [column.id, column.title]));
  if (item.columns.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {agencyMessages.agencyNoColumns}
      </Text>
    );
  const cell = (column: AgencyColumn) => (
    <Box className="agency-board-cell">
      <ColumnCard
        column={column}
        parentTitle={column.parentId ? (titles.get(column.parentId) ?? null) : null}
        viewerId={viewerId}
        actions={actions}
      />
    </Box>
  );
  const render = ({ column, children }: Branch): React.ReactNode => {
    if (children.length === 0)
      return (
        <Box key={column.id} display="contents">
          {cell(column)}
        </Box>
      );
    if (children.length === 1)
      return (
        <Box key={column.id} display="contents">
          {cell(column)}
          <Arrow />
          {render(children[0]!)}
        </Box>
      );
    return (
      <Box key={column.id} className="agency-family" data-testid="agency-family">
        {cell(column)}
        <Arrow />
        <Box className="agency-followers" role="group" aria-label={agencyMessages.agencyFollowers(column.title)}>
          {children.map((child) => (
            <Box key={child.column.id} className="agency-follower">
              {render(child)}
            </Box>
          ))}
        </Box>
      </Box>
    );
  };
  return (
    <Box className="agency-board-frame">
      <Box className="agency-board">{branches(item.columns).map(render)}</Box>
    </Box>
  );
};
