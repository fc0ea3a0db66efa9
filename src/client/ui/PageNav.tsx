import { ActionIcon, Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { clientMessages } from '../client.messages.ts';
import { pageWindow } from './pageWindow.ts';

/** Numbered pages (1-based) with previous and next, for a list paged on the server. */
export const PageNav = ({
  page,
  totalPages,
  onChange,
  label,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** What the pages are of, for assistive technology. */
  label: string;
}) => (
  <Group gap={4} justify="center" component="nav" aria-label={label}>
    <ActionIcon
      variant="default"
      onClick={() => onChange(page - 1)}
      disabled={page <= 1}
      aria-label={clientMessages.previousPage}
    >
      <IconChevronLeft size={16} />
    </ActionIcon>
    {pageWindow(page, totalPages).map((n) => (
      <Button
        key={n}
        size="compact-sm"
        miw={30}
        variant={n === page ? 'filled' : 'default'}
        onClick={() => onChange(n)}
        aria-label={clientMessages.pageNumber(n)}
        aria-current={n === page ? 'page' : undefined}
      >
        {n}
      </Button>
    ))}
    <ActionIcon
      variant="default"
      onClick={() => onChange(page + 1)}
      disabled={page >= totalPages}
      aria-label={clientMessages.nextPage}
    >
      <IconChevronRight size={16} />
    </ActionIcon>
  </Group>
);
