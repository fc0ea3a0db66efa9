import { useState } from 'react';
import { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { showError, showSuccess } from '../../../../client/ui/toast.ts';
import type { AgencyKind } from '../../../../shared/constants.ts';
import { agencyMessages } from '../../agency.messages.ts';
import { useDeleteContent, useSetHidden } from '../agency.queries.ts';
import { type ContentForm, ContentFormDialog, DEFAULTS } from './ContentFormDialog.tsx';
import type { ContentActions } from './ContentMenu.tsx';

const PARENT_FIELD: Partial<Record<AgencyKind, string>> = {
  items: 'categoryId',
  columns: 'itemId',
  questions: 'columnId',
};

/**
 * The admin actions of a page (null for members) and the dialogs they open: `lookup` gives a
 * row's current values for Edit; `parents` the columns a column may follow.
 */
export const useContentActions = ({
  isAdmin,
  lookup,
  parents = [],
}: {
  isAdmin: boolean;
  lookup: (kind: AgencyKind, id: string) => Record<string, unknown> | undefined;
  parents?: { value: string; label: string }[];
}) => {
  const [form, setForm] = useState<ContentForm | null>(null);
  const [deleting, setDeleting] = useState<{ kind: AgencyKind; id: string; title: string } | null>(null);
  const remove = useDeleteContent();
  const hide = useSetHidden();
  const actions: ContentActions | null = isAdmin
    ? {
        edit: (kind, id) => {
          const values = lookup(kind, id);
          if (values)
            setForm({
              kind,
              id,
              values: Object.fromEntries(
                Object.keys(DEFAULTS[kind]).map((key) => [key, values[key] ?? DEFAULTS[kind][key]]),
              ),
              parent: {},
              parents: parents.filter((parent) => parent.value !== id),
            });
        },
        add: (kind, parentId) =>
          setForm({ kind, id: null, values: DEFAULTS[kind], parent: { [PARENT_FIELD[kind]!]: parentId }, parents }),
        hide: (kind, id, hidden) =>
          hide.mutate(
            { kind, id, hidden },
            {
              onSuccess: () =>
                showSuccess(hidden ? agencyMessages.agencyHiddenDone : agencyMessages.agencyUnhiddenDone),
              onError: (error) => showError(errorText(error)),
            },
          ),
        remove: (kind, id, title) => setDeleting({ kind, id, title }),
      }
    : null;
  const dialogs = (
    <>
      <ContentFormDialog form={form} onClose={() => setForm(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={agencyMessages.agencyDeleteTitle(deleting?.title ?? '')}
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              showSuccess(agencyMessages.agencyDeleted);
              setDeleting(null);
            },
          })
        }
      >
        {agencyMessages.agencyDeleteWarning}
      </ConfirmDialog>
    </>
  );
  /** Opens the form for a new category (the catalogue's button). */
  const addCategory = () =>
    setForm({ kind: 'categories', id: null, values: DEFAULTS.categories, parent: {}, parents: [] });
  return { actions, dialogs, addCategory };
};
