import type { DataMigration } from '../db/migrate.ts';
import { syncAgencyContent } from '../features/agency/server/agency.sync.ts';

// The one list of the product's data migrations (decision 065), run in order by every caller of
// migrate(): server start, test setup, seed:demo, vault:keys, the benches. It lives in server/,
// the composition root that may know every feature, because db/ imports no feature
// (ARCHITECTURE.md, "Dependency direction"). Add a feature's data migration here.
export const dataMigrations: readonly DataMigration[] = [(database) => syncAgencyContent(database.db)];
