import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import { scores } from '../../../db/schema/index.ts';
import { anyOf, uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import type { IsoDate } from '../../../shared/dates.ts';
import { badRequest } from '../../../shared/errors.ts';
import { type KpiFrequency, type KpiGoalPeriod, type KpiScoreGoal, kpiMetOn, kpiNumber } from '../../../shared/kpis.ts';
import { kpisMessages } from '../kpis.messages.ts';
import type { ComputedCell } from '../kpis.schemas.ts';
import { type Computed, computedText, computeFormulas } from './formula.evaluate.ts';
import { FormulaError, type FormulaNode, formulaInputs, formulaReach, parseFormula } from './formula.parse.ts';
import { goalPeriodsOf } from './goals.service.ts';

// The formulas of a scorecard (docs/decisions/105): checking one before it is saved, the
// periods before the range that the scorecard must read for them, and recomputing the formula
// cells an entered value changes (what `kpi.cell.changed` carries to every open scorecard).

const refuse = (message: string) => badRequest({ formula: message }, message);

/** Parses a stored formula; one that no longer parses (never saved so) counts as none. */
export const parsedFormulas = (rows: readonly { id: string; formula: string | null }[]) => {
  const parsed = new Map<string, FormulaNode>();
  for (const row of rows) {
    if (row.formula === null) continue;
    try {
      parsed.set(row.id, parseFormula(row.formula));
    } catch {
      // Left out: its cells show nothing.
    }
  }
  return parsed;
};

/**
 * A formula about to be saved on `scoreId` (null for a new score) of the meeting: readable,
 * its inputs scores of this scorecard of the same frequency (a monthly formula reads monthly
 * values), and no cycle through them. 400 with the reason otherwise.
 */
export const checkFormula = async (
  ctx: TenantContext,
  meetingId: string,
  scoreId: string | null,
  text: string,
  frequency: KpiFrequency = 'weekly',
): Promise<string> => {
  let node: FormulaNode;
  try {
    node = parseFormula(text);
  } catch (error) {
    if (error instanceof FormulaError) throw refuse(error.message);
    throw error;
  }
  const inputs = [...formulaInputs(node)];
  if (scoreId !== null && inputs.includes(scoreId)) throw refuse(kpisMessages.kpiFormulaCycle);
  // One statement: the inputs (to know where they are) and the scorecard's other formulas.
  const rows = await ctx.db
    .select({ id: scores.id, meetingId: scores.meetingId, formula: scores.formula, frequency: scores.frequency })
    .from(scores)
    .where(
      and(
        eq(scores.tenantId, ctx.tenantId),
        or(anyOf(scores.id, inputs), and(eq(scores.meetingId, meetingId), isNotNull(scores.formula))),
      ),
    );
  const found = new Map(rows.map((row) => [row.id, row]));
  for (const id of inputs) {
    const row = found.get(id);
    if (!row) throw refuse(kpisMessages.kpiFormulaMissingInput);
    if (row.meetingId !== meetingId) throw refuse(kpisMessages.kpiFormulaOtherScorecard);
    if (row.frequency !== frequency) throw refuse(kpisMessages.kpiFormulaOtherFrequency);
  }
  if (scoreId !== null) {
    // A cycle: some input reaches this score through the formulas it uses.
    const graph = parsedFormulas(rows.filter((row) => row.meetingId === meetingId && row.id !== scoreId));
    const seen = new Set<string>();
    const reaches = (id: string): boolean => {
      if (id === scoreId) return true;
      if (seen.has(id)) return false;
      seen.add(id);
      const formula = graph.get(id);
      return formula ? [...formulaInputs(formula)].some(reaches) : false;
    };
    if (inputs.some(reaches)) throw refuse(kpisMessages.kpiFormulaCycle);
  }
  // Stored with the ids as the database writes them, so comparisons by id work.
  return text.replace(/\{([0-9a-fA-F-]{36})\}/g, (_whole, id: string) => `{${id.toLowerCase()}}`).trim();
};

/** A score may change frequency only when no formula of another frequency reads it; 400 otherwise. */
export const assertFrequencyUnused = async (
  ctx: TenantContext,
  meetingId: string,
  scoreId: string,
  frequency: KpiFrequency,
) => {
  const [reader] = await ctx.db
    .select({ id: scores.id })
    .from(scores)
    .where(
      and(
        eq(scores.meetingId, meetingId),
        ne(scores.frequency, frequency),
        sql`position(${`{${scoreId}}`} in ${scores.formula}) > 0`,
      ),
    )
    .limit(1);
  if (reader) throw badRequest({ frequency: kpisMessages.kpiFrequencyInUse }, kpisMessages.kpiFrequencyInUse);
};

/**
 * How many periods before a score's first shown one its values depend on: 0 for an entered
 * score; for a formula, its widest window plus what the formulas it reads need in turn.
 */
export const lookbackOf = (formulas: ReadonlyMap<string, FormulaNode>) => {
  const memo = new Map<string, number>();
  const need = (id: string, path: Set<string>): number => {
    const formula = formulas.get(id);
    if (!formula || path.has(id)) return 0;
    const known = memo.get(id);
    if (known !== undefined) return known;
    path.add(id);
    let most = 0;
    for (const [input, reach] of formulaReach(formula)) most = Math.max(most, reach + need(input, path));
    path.delete(id);
    memo.set(id, most);
    return most;
  };
  return (id: string) => need(id, new Set());
};

interface TimelineCells {
  score_id: string;
  places: number[];
  measured: (string | null)[];
}

/** Values of entered scores over a timeline of sessions, one statement (a row per score). */
export const enteredValues = async (
  ctx: Pick<TenantContext, 'db'>,
  scoreIds: string[],
  sessionIds: string[],
): Promise<Map<string, (number | null)[]>> => {
  const values = new Map<string, (number | null)[]>();
  for (const id of scoreIds) values.set(id, new Array(sessionIds.length).fill(null));
  if (scoreIds.length === 0 || sessionIds.length === 0) return values;
  const { rows } = (await ctx.db.execute(sql`
    select score_id, array_agg(array_position(${uuidArray(sessionIds)}, session_id)) as places,
        array_agg(measured) as measured
      from score_cells
      where score_id = any(${uuidArray(scoreIds)}) and session_id = any(${uuidArray(sessionIds)})
        and measured is not null
      group by score_id`)) as unknown as { rows: TimelineCells[] };
  for (const row of rows) {
    const series = values.get(row.score_id);
    row.places.forEach((place, i) => {
      if (series) series[place - 1] = kpiNumber(row.measured[i] ?? null);
    });
  }
  return values;
};

/** A formula cell: its value as text or why there is none, coloured by the goal in force on its date. */
export const formulaCell = (
  score: { goal: string; score: string; scoreMax: string | null },
  computed: Computed | undefined,
  periods: readonly KpiGoalPeriod[],
  date: IsoDate | null,
) => {
  const { measured, reason } = computedText(computed ?? { value: null, reason: 'missingInput' });
  const own = { goal: score.goal as KpiScoreGoal, score: score.score, scoreMax: score.scoreMax };
  return { measured, reason, met: kpiMetOn(own, periods, date, measured) };
};

interface TimelineRow {
  id: string;
  session_date: string;
  n: number;
}

/**
 * The formula cells that a new value of `scoreId` on `sessionId` changes: every formula reading
 * the score (directly or through other formulas) on that session and on the later ones their
 * windows reach. Four statements at most, whatever the scorecard's size.
 */
export const recomputeAfter = async (
  ctx: Pick<TenantContext, 'db'>,
  meetingId: string,
  scoreId: string,
  sessionId: string,
): Promise<ComputedCell[]> => {
  const formulaRows = await ctx.db
    .select({
      id: scores.id,
      formula: scores.formula,
      goal: scores.goal,
      score: scores.score,
      scoreMax: scores.scoreMax,
    })
    .from(scores)
    .where(and(eq(scores.meetingId, meetingId), isNotNull(scores.formula), eq(scores.frequency, 'weekly')));
  if (formulaRows.length === 0) return [];
  const formulas = parsedFormulas(formulaRows);

  // Formulas reading the score, and how many periods later the change still counts for each.
  const ahead = new Map<string, number>([[scoreId, 0]]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [id, formula] of formulas) {
      for (const [input, reach] of formulaReach(formula)) {
        const from = ahead.get(input);
        if (from === undefined) continue;
        const span = Math.min(from + reach, formulas.size * 52);
        if ((ahead.get(id) ?? -1) < span) {
          ahead.set(id, span);
          grew = true;
        }
      }
    }
  }
  ahead.delete(scoreId);
  if (ahead.size === 0) return [];
  const forward = Math.max(...ahead.values());
  const need = lookbackOf(formulas);
  const back = Math.max(...[...ahead.keys()].map(need));

  const { rows: timeline } = (await ctx.db.execute(sql`
    with s as (
      select s.id, s.session_date, row_number() over (order by s.starts_at, s.id) as n
        from sessions s
        where s.meeting_id = ${meetingId}::uuid
          and not exists (select 1 from kpi_removed_sessions r where r.session_id = s.id)
    )
    select id, session_date::text as session_date, n::int as n from s
      where n between (select n from s where id = ${sessionId}::uuid) - ${back}
        and (select n from s where id = ${sessionId}::uuid) + ${forward}
      order by n`)) as unknown as { rows: TimelineRow[] };
  const sessionIds = timeline.map((row) => row.id);
  const changedAt = sessionIds.indexOf(sessionId);
  if (changedAt < 0) return [];

  const entered = [...new Set([...formulas.values()].flatMap((formula) => [...formulaInputs(formula)]))].filter(
    (id) => !formulas.has(id),
  );
  // Inputs that are not scores of this meeting any more (deleted) are left out: their reason shows.
  const present = await ctx.db
    .select({ id: scores.id })
    .from(scores)
    .where(and(eq(scores.meetingId, meetingId), anyOf(scores.id, entered.length > 0 ? entered : [scoreId])));
  const values = await enteredValues(
    ctx,
    present.map((row) => row.id),
    sessionIds,
  );
  const computed = computeFormulas({ entered: values, formulas, columns: sessionIds.length });
  const periods = await goalPeriodsOf(ctx, [...ahead.keys()]);

  const byId = new Map(formulaRows.map((row) => [row.id, row]));
  const cells: ComputedCell[] = [];
  for (const [id, span] of ahead) {
    const row = byId.get(id);
    const series = computed.get(id);
    if (!row || !series) continue;
    for (let column = changedAt; column <= Math.min(changedAt + span, sessionIds.length - 1); column++) {
      const date = timeline[column]!.session_date;
      cells.push({
        scoreId: id,
        sessionId: sessionIds[column]!,
        ...formulaCell(row, series[column], periods.get(id) ?? [], date),
      });
    }
  }
  return cells;
};
