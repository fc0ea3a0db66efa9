import { sql } from 'drizzle-orm';
import { kpiFedValues } from '../../../db/schema/index.ts';
import type { IsoDate } from '../../../shared/dates.ts';
import type { ScorecardCell } from '../kpis.schemas.ts';

// Where a fed KPI's cell came from (decision 119), told with the cell wherever it travels.

/** The feed's value marks a cell nobody entered; a person's value beside a fed one overrides it. */
export const fedSource = (fed: string | null, unentered: boolean): Pick<ScorecardCell, 'source' | 'fedValue'> =>
  fed === null ? {} : unentered ? { source: 'feed' } : { source: 'override', fedValue: fed };

/**
 * What the feed sent for a score's column (a meeting date or a period's first day), as a column of
 * the cell write's own `returning`: no statement of its own on the path every typed value takes.
 */
export const fedValueOn = (scoreId: string, onDate: IsoDate) =>
  sql<string | null>`(select ${kpiFedValues.measured} from ${kpiFedValues}
    where ${kpiFedValues.scoreId} = ${scoreId} and ${kpiFedValues.onDate} = ${onDate})`;
