import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEye, IconEyeOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { AgencyKind } from '../../../../shared/constants.ts';
import { agencyMessages } from '../../agency.messages.ts';

// The admin menu of a piece of agency content (decision 052): their own content is edited and
// deleted, any content hidden or shown again, and something added inside it.

/** `columnType`: a guidance-only column ('noneditable') takes no questions. */
export type ContentRow = { id: string; shipped: boolean; hidden: boolean; columnType?: string };

export interface ContentActions {
  edit: (kind: AgencyKind, id: string) => void;
  /** Adds a framework to a category, a column to a framework, a question to a column. */
  add: (kind: AgencyKind, parentId: string) => void;
  hide: (kind: AgencyKind, id: string, hidden: boolean) => void;
  remove: (kind: AgencyKind, id: string, title: string) => void;
}

const CHILD: Partial<Record<AgencyKind, { kind: AgencyKind; label: string }>> = {
  categories: { kind: 'items', label: agencyMessages.agencyAddItem },
  items: { kind: 'columns', label: agencyMessages.agencyAddColumn },
  columns: { kind: 'questions', label: agencyMessages.agencyAddQuestion },
};

const EDIT_LABEL: Record<AgencyKind, string> = {
  categories: agencyMessages.agencyEditCategory,
  items: agencyMessages.agencyEditItem,
  columns: agencyMessages.agencyEditColumn,
  questions: agencyMessages.agencyEditQuestion,
};

const ContentMenuItems = ({
  kind,
  row,
  title,
  actions,
}: {
  kind: AgencyKind;
  row: ContentRow;
  title: string;
  actions: ContentActions;
}) => {
  const child = row.columnType === 'noneditable' ? undefined : CHILD[kind];
  return (
    <>
      {child && (
        <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => actions.add(child.kind, row.id)}>
          {child.label}
        </Menu.Item>
      )}
      {!row.shipped && (
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => actions.edit(kind, row.id)}>
          {EDIT_LABEL[kind]}
        </Menu.Item>
      )}
      <Menu.Item
        leftSection={row.hidden ? <IconEye size={14} /> : <IconEyeOff size={14} />}
        onClick={() => actions.hide(kind, row.id, !row.hidden)}
      >
        {row.hidden ? agencyMessages.agencyUnhide : agencyMessages.agencyHide}
      </Menu.Item>
      {!row.shipped && (
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => actions.remove(kind, row.id, title)}
        >
          {agencyMessages.agencyDelete}
        </Menu.Item>
      )}
    </>
  );
};

/** The "…" button of a piece of content and its menu (admins). */
export const ContentMenu = ({
  kind,
  row,
  title,
  actions,
  small = false,
}: {
  kind: AgencyKind;
  row: ContentRow;
  title: string;
  actions: ContentActions;
  small?: boolean;
}) => (
  <Menu position="bottom-end" withinPortal>
    <Menu.Target>
      <ActionIcon
        variant="subtle"
        size={small ? 'sm' : 'md'}
        className="cadence-no-print"
        aria-label={agencyMessages.agencyContentMenu(title)}
      >
        <IconDots size={small ? 14 : 18} />
      </ActionIcon>
    </Menu.Target>
    <Menu.Dropdown>
      <ContentMenuItems kind={kind} row={row} title={title} actions={actions} />
    </Menu.Dropdown>
  </Menu>
);
