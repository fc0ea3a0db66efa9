import type { UpdateTaskInput } from '../boards.queries.ts';

/** Saves a change of the card; failures go to `onFail` (else the dialog's error line). */
export type SaveCard = (patch: UpdateTaskInput, options?: { onFail?: (message: string) => void }) => void;
