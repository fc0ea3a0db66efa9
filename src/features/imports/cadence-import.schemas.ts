import { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import { ZMyWorkspace } from '../../shared/self.ts';
import { requiredText } from '../../shared/validation.ts';
import { EXPORT_PASSPHRASE_MAX } from '../reports/reports.schemas.ts';

// Importing a Cadence workspace export into a new workspace (docs/workspace-export.md).
// Imported by server and client.

/** The largest export zip taken in one upload. */
export const CADENCE_IMPORT_MAX_MB = 512;

/** The form fields sent beside the file. */
export const ZCadenceImportFields = z.strictObject({
  /** The new workspace's name; the exported workspace's when left out. */
  name: requiredText(100).optional(),
  passphrase: z
    .string()
    .min(1, { error: messages.required })
    .max(EXPORT_PASSPHRASE_MAX, { error: messages.tooLong(EXPORT_PASSPHRASE_MAX) })
    .optional(),
});

export const ZCadenceImportResult = z
  .object({
    workspace: ZMyWorkspace,
    /** Rows written per table. */
    tables: z.record(z.string(), z.number()),
    rows: z.number(),
    /** The exported people other than the importer, invited to the new workspace. */
    invited: z.number(),
    /** Vault entries imported with an empty password: the export was made without a passphrase. */
    vaultPasswordsMissing: z.number(),
    /** Rows left out because what they belong to is not in the export (or not imported). */
    skippedRows: z.number(),
  })
  .meta({ id: 'CadenceImportResult' });
export type CadenceImportResult = z.infer<typeof ZCadenceImportResult>;
