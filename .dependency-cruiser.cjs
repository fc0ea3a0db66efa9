/**
 * The floor plan's dependency rules (docs/architecture.md), checked by `npm run deps` in `npm test`.
 * File-level rules here; the feature-level cycle rule is in .dependency-cruiser.features.cjs (the
 * same graph collapsed to one node per feature, scripts/feature-cycles.mjs). Exceptions are listed
 * below with their reasons; the lists may only shrink.
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
      comment: 'Server core receives its feature collaborators from app.ts (and main.ts), which wire them.',
      from: {
        path: '^src/server/',
        pathNot: ['^src/server/(app|main)\\.ts$', TESTS],
      },
      to: {
        path: '^src/features/',
        // Exceptions, each to be injected from app.ts: the auth plugin's token resolver and session
        // cache, the scheduler's three jobs, and the product's list of data migrations.
        pathNot: [
          '^src/features/auth/server/(tokens\\.service|session-cache)\\.ts$',
          '^src/features/(tasks/server/reminders|reports/server/workspace-export|meetings/server/sessions)\\.service\\.ts$',
          '^src/features/agency/server/agency\\.sync\\.ts$',
        ],
      },
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
