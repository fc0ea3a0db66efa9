import type { Task } from '../../../tasks/tasks.schemas.ts';
import type { UpdateTaskInput } from '../boards.queries.ts';

/** Saves a change of the card; failures go to `onFail` (else the dialog's error line). */
export type SaveCard = (
  patch: UpdateTaskInput,
  options?: { onFail?: (message: string, error: unknown) => void; onSaved?: (task: Task) => void },
) => void;
