/**
 * Features form a DAG (docs/architecture.md): the graph collapsed to one node per feature
 * (src/features/<name>) has no cycle, so no two features import each other either.
 * Test files are left out: a test may drive several features to check how they meet.
 */
const base = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: [
    {
      name: 'feature-cycle',
      severity: 'error',
      comment:
        'An import into another feature that leads back into this one. Move the shared rule to its ' +
        'owner, to src/shared or src/server, or invert it with a lifecycle hook (src/server/lifecycle.ts).',
      from: { path: '^src/features/' },
      to: { path: '^src/features/', circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: ['^src/db/migrations/', '\\.test\\.tsx?$'] },
    collapse: '^src/features/[^/]+',
  },
};
