import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import type { Database } from '../src/db/client.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createMailer } from '../src/server/mail/mailer.ts';

// `npm run lint:openapi`: the OpenAPI document the server answers at /api/openapi.json, linted
// with Redocly's recommended rules (decision 078). Every problem is printed with its JSON
// pointer; an error ends the run with a non-zero code. `-- --write <file>` also saves the document.

/**
 * The rules of the recommended set that do not fit this API, each with its reason. Everything
 * else is the recommended set as it is.
 */
const RULES = {
  // The API is private to its workspaces: no licence to state.
  'info-license': 'off',
  'info-license-strict': 'off',
  // Operations are not grouped by tags; their operationIds and paths name them.
  'operation-tag-defined': 'off',
  'tag-description': 'off',
} as const;

/** Problems accepted where they are, each with its reason. */
const ACCEPTED = [
  {
    ruleId: 'operation-2xx-response',
    pointer: '#/paths/~1api~1v2~1slack~1callback/get/responses',
    reason: "Slack's OAuth redirect answers a browser with a redirect (302) or a refusal, never a 2xx",
  },
  {
    ruleId: 'operation-2xx-response',
    pointer: '#/paths/~1api~1v2~1auth~1sso~1start/get/responses',
    reason: "Single sign-on's start sends the browser to the provider (302), or back to the login page",
  },
  {
    ruleId: 'operation-2xx-response',
    pointer: '#/paths/~1api~1v2~1auth~1sso~1callback/get/responses',
    reason: "The provider's redirect answers the browser with a redirect to the login page (302), never a 2xx",
  },
];

/** The document, from a server built on a stand-in database: building it runs no query. */
const openApiDocument = async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-openapi-'));
  const database = { kind: 'pglite', db: undefined, pool: undefined, close: async () => {} } as unknown as Database;
  const config = { ...loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://cadence.test' }), clientDir: dataDir };
  const app = await buildApp({ database, config, mailer: createMailer(undefined, { info: () => {}, warn: () => {} }) });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const where = (problem: NormalizedProblem) => {
  const location = problem.location[0];
  return location && 'pointer' in location && location.pointer ? location.pointer : '#/';
};

const main = async () => {
  const document = (await openApiDocument()) as {
    paths?: Record<string, object>;
    components?: { schemas?: object };
  };
  const source = JSON.stringify(document, null, 2);
  const writeAt = process.argv.indexOf('--write');
  if (writeAt > 0 && process.argv[writeAt + 1]) writeFileSync(process.argv[writeAt + 1] as string, source);
  const config = await createConfig({ extends: ['recommended'], rules: RULES });
  const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
  const shown = problems.filter(
    (problem) =>
      !problem.ignored &&
      !ACCEPTED.some((accepted) => accepted.ruleId === problem.ruleId && accepted.pointer === where(problem)),
  );
  for (const problem of shown)
    process.stdout.write(`${problem.severity} ${problem.ruleId} ${where(problem)}\n  ${problem.message}\n`);
  const errors = shown.filter((problem) => problem.severity === 'error').length;
  const operations = Object.values(document.paths ?? {}).reduce((n, item) => n + Object.keys(item ?? {}).length, 0);
  process.stdout.write(
    `OpenAPI lint: ${operations} operations, ${Object.keys(document.components?.schemas ?? {}).length} named schemas, ${errors} errors, ${shown.length - errors} warnings\n`,
  );
  process.exit(errors > 0 ? 1 : 0);
};

await main();
