/**
 * The floor plan's dependency rules (docs/architecture.md), checked by `npm run deps` in `npm test`.
 * File-level rules here; the feature-level cycle rule is in .dependency-cruiser.features.cjs (the
 * same graph collapsed to one node per feature, scripts/feature-cycles.mjs). Exceptions are listed
 * in scripts/feature-cycles.mjs with their reasons; that list may only shrink.
 */
const CLIENT = '^src/(client|features/[^/]+/client)/';
const SERVER = '^src/(server|db|features/[^/]+/server)/';
const TESTS = '\\.test\\.tsx?$';

module.exports = {
  forbidden: [
    {
      name: 'client-imports-server',
      severity: 'error',
      comment: 'The browser bundle never reaches server code or the database.',
      from: { path: CLIENT },
      to: { path: SERVER },
    },
    {
      name: 'server-imports-client',
      severity: 'error',
      comment: 'The server never reaches browser code.',
      from: { path: SERVER },
      to: { path: CLIENT },
    },
    {
      name: 'shared-or-db-imports-feature',
      severity: 'error',
      comment: 'src/shared and src/db are below every feature.',
      from: { path: '^src/(shared|db)/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'server-core-imports-feature',
      severity: 'error',
      comment:
        'Server core receives its feature collaborators from the composition roots, which wire them: app.ts (routes, hooks, the auth plugin), main.ts (which hands the scheduler its work), and the list data-migrations.ts.',
      from: {
        path: '^src/server/',
        pathNot: ['^src/server/(app|main|data-migrations)\\.ts$', TESTS],
      },
      to: { path: '^src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^src/db/migrations/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
