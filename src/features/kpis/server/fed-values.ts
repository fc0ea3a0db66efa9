import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { kpiFedValues } from '../../../db/schema/index.ts';
import type { IsoDate } from '../../../shared/dates.ts';
import type { ScorecardCell } from '../kpis.schemas.ts';

// Where a fed KPI's cell came from (decision 119), told with the cell wherever it travels.

/** The feed's value marks a cell nobody entered; a person's value beside a fed one overrides it. */
export const fedSource = (fed: string | null, unentered: boolean): Pick<ScorecardCell, 'source' | 'fedValue'> =>
  fed === null ? {} : unentered ? { source: 'feed' } : { source: 'override', fedValue: fed };

/** What the feed sent for a score's column (a meeting date or a period's first day), if anything. */
export const fedValueOn = async (db: Db, scoreId: string, onDate: IsoDate): Promise<string | null> => {
  const [row] = await db
    .select({ measured: kpiFedValues.measured })
    .from(kpiFedValues)
    .where(and(eq(kpiFedValues.scoreId, scoreId), eq(kpiFedValues.onDate, onDate)));
  return row?.measured ?? null;
};
