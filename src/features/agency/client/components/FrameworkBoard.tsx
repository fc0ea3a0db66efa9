import { Box, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Fragment } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { AgencyItem } from '../../agency.schemas.ts';
import { ColumnCard } from './ColumnCard.tsx';
import type { ContentActions } from './ContentMenu.tsx';
import '../agency.css';

/**
 * A framework's columns in reading order (parents before the columns that follow them), an arrow
 * before each column that follows another. Used by the framework page and the live meeting step.
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
        {messages.agencyNoColumns}
      </Text>
    );
  return (
    <Box className="agency-board">
      {item.columns.map((column) => (
        <Fragment key={column.id}>
          {column.parentId && (
            <Box className="agency-arrow" aria-hidden>
              <IconArrowRight size={22} />
            </Box>
          )}
          <Box className="agency-board-cell">
            <ColumnCard
              column={column}
              parentTitle={column.parentId ? (titles.get(column.parentId) ?? null) : null}
              viewerId={viewerId}
              actions={actions}
            />
          </Box>
        </Fragment>
      ))}
    </Box>
  );
};
