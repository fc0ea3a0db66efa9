// The user-facing texts of importing a Cadence workspace export into a new workspace.
export const cadenceImportMessages = {
  // Server answers
  tooLarge: (mb: number) => `The export is larger than ${mb} MB. Split the attachments out or ask your administrator.`,
  notAZip: 'This file is not a zip. Choose the .zip that Cadence made when it exported a workspace.',
  notAnExport: 'This zip is not a Cadence workspace export: it has no manifest.json.',
  brokenManifest: 'The manifest.json of this export cannot be read.',
  unknownVersion: (version: string, supported: number) =>
    `This export has format version ${version}; this Cadence reads version ${supported}. Update Cadence, or export again from a matching version.`,
  unsafeName: (name: string) => `The zip holds a file with an unsafe name (${name}). Nothing was imported.`,
  tooManyFiles: (max: number) => `The zip holds more than ${max} files. Nothing was imported.`,
  entryTooLarge: (name: string, mb: number) =>
    `The file ${name} in the zip unpacks to more than ${mb} MB. Nothing was imported.`,
  totalTooLarge: (mb: number) => `The zip unpacks to more than ${mb} MB. Nothing was imported.`,
  brokenEntry: (name: string) => `The file ${name} in the zip is damaged. Nothing was imported.`,
  unsupportedEntry: (name: string) =>
    `The file ${name} in the zip is encrypted or compressed in a way Cadence does not read. Nothing was imported.`,
  duplicateEntry: (name: string) => `The zip holds ${name} twice. Nothing was imported.`,
  brokenTable: (table: string) => `The rows of ${table} in this export cannot be read. Nothing was imported.`,
  brokenRow: (table: string, row: number) =>
    `Row ${row} of ${table} does not fit this Cadence's tables. Nothing was imported.`,
  missingRow: (table: string) =>
    `The export's rows of ${table} name rows the export does not hold. Nothing was imported.`,
  passphraseRequired:
    'This export holds the password vault, sealed with a passphrase. Enter the passphrase given when it was exported.',
  passphraseWrong: 'This passphrase does not open the vault of this export.',
  brokenVault: 'The vault passwords of this export cannot be read. Nothing was imported.',
  // The panel
  title: 'Import a Cadence export',
  intro:
    'Makes a new workspace from the .zip of a Cadence workspace export: meetings and their archives, boards, to-dos, KPIs, goals, the org chart, time tracking and the rest. You become its admin; the people of the export are invited.',
  fileLabel: 'Export file (.zip)',
  clearFile: 'Remove the chosen file',
  nameLabel: 'Name of the new workspace',
  nameDescription: "Leave empty to keep the exported workspace's name.",
  passphraseLabel: 'Export passphrase',
  passphraseDescription: 'Only if the export was made with a passphrase: it carries the password vault across.',
  submit: 'Import into a new workspace',
  importing: 'Importing… this can take a minute for a large workspace.',
  done: (name: string) => `Workspace "${name}" was created from the export.`,
  summary: (rows: number, people: number) =>
    `${rows} records imported; ${people} ${people === 1 ? 'person was' : 'people were'} invited.`,
  vaultSkipped: (n: number) =>
    `${n} vault ${n === 1 ? 'password was' : 'passwords were'} not in the export (it was made without a passphrase): those entries have an empty password.`,
  open: 'Open the new workspace',
  failed: 'The import failed',
};
