import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEye, IconEyeOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { AgencyKind } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';

// The admin menu of a piece of agency content (decision 052): their own content is edited and
// deleted, any content hidden or shown again, and something added inside it.

export type ContentRow = { id: string; shipped: boolean; hidden: boolean };

export interface ContentActions {
  edit: (kind: AgencyKind, id: string) => void;
  /** Adds a framework to a category, a column to a framework, a question to a column. */
  add: (kind: AgencyKind, parentId: string) => void;
  hide: (kind: AgencyKind, id: string, hidden: boolean) => void;
  remove: (kind: AgencyKind, id: string, title: string) => void;
}

const CHILD: Partial<Record<AgencyKind, { kind: AgencyKind; label: string }>> = {
  categories: { kind: 'items', label: messages.agencyAddItem },
  items: { kind: 'columns', label: messages.agencyAddColumn },
  columns: { kind: 'questions', label: messages.agencyAddQuestion },
};

const EDIT_LABEL: Record<AgencyKind, string> = {
  categories: messages.agencyEditCategory,
  items: messages.agencyEditItem,
  columns: messages.agencyEditColumn,
  questions: messages.agencyEditQuestion,
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
  const child = CHILD[kind];
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
        {row.hidden ? messages.agencyUnhide : messages.agencyHide}
      </Menu.Item>
      {!row.shipped && (
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => actions.remove(kind, row.id, title)}
        >
          {messages.agencyDelete}
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
        aria-label={messages.agencyContentMenu(title)}
      >
        <IconDots size={small ? 14 : 18} />
      </ActionIcon>
    </Menu.Target>
    <Menu.Dropdown>
      <ContentMenuItems kind={kind} row={row} title={title} actions={actions} />
    </Menu.Dropdown>
  </Menu>
);
