import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { quartersMessages } from '../quarters.messages.ts';
import { useDeleteYear } from './quarters.queries.ts';

/** Delete a year's periods (an annual, a quarter record: the same row), after a confirmation. */
export const DeleteYearButton = ({ id, title, done }: { id: string; title: string; done: string }) => {
  const remove = useDeleteYear();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Tooltip label={title}>
        <ActionIcon variant="subtle" color="red" aria-label={title} onClick={() => setConfirming(true)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
      <ConfirmDialog
        opened={confirming}
        title={title}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: () => {
              setConfirming(false);
              showSuccess(done);
            },
          })
        }
        onClose={() => setConfirming(false)}
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
      >
        {quartersMessages.deleteAnnualWarning}
      </ConfirmDialog>
    </>
  );
};
