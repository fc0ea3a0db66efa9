import { and, asc, eq, gte, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  kpiFedValues,
  kpiFeeds,
  kpiRemovedSessions,
  scoreCells,
  scorePeriodCells,
  scores,
  sessions,
  vaultKeys,
} from '../../../db/schema/index.ts';
import type { TenantContext, TxContext } from '../../../server/context.ts';
import { countTry } from '../../../server/rate-limit.ts';
import type { VaultKeyring } from '../../../server/secrets.ts';
import { checkSignature, newSecret } from '../../../server/signing.ts';
import { API_ROOT, RATE_LIMITS } from '../../../shared/constants.ts';
import { addDays, type IsoDate } from '../../../shared/dates.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../../shared/errors.ts';
import { KPI_VALUE_MAX, type KpiType, normaliseKpiValueAs } from '../../../shared/kpis.ts';
import { isUuid } from '../../../shared/validation.ts';
import {
  dataKeyForWrite,
  openWorkspaceSecret,
  sealWorkspaceSecret,
  unwrapDataKey,
  WORKSPACE_SECRET,
} from '../../vault/server/vault.keys.ts';
import { kpiFeedMessages } from '../kpi-feeds.messages.ts';
import type { FeedPush, FeedStatus, FeedWithSecret, PushedValue } from '../kpi-feeds.schemas.ts';
import { canDeleteScore, findVisibleScore, type ScoreRow } from './kpis.access.ts';
import { writeCell } from './kpis.service.ts';
import { writePeriodCell } from './period-cells.service.ts';
import { type KpiPeriod, type PeriodFrequency, type PeriodReader, periodsBetween } from './periods.ts';

// A KPI fed by another system (decision 119). The system signs each value as Cadence signs its
// own webhook deliveries (src/server/signing.ts) with the feed's secret; the value lands in the
// meeting date of the week it names (or the month or quarter holding it) unless a person entered
// that cell, whose value is kept.

const purpose = WORKSPACE_SECRET.kpiFeedSecret;
export const FEED_SECRET_PREFIX = 'kfsec_';
export const FEED_SIGNATURE_HEADER = 'cadence-signature';
/** How old a signed push may be: a captured request cannot be replayed later than this. */
export const FEED_REPLAY_WINDOW_SECONDS = 300;

const feedUrl = (publicUrl: string, id: string) => `${publicUrl.replace(/\/$/, '')}${API_ROOT}/kpi-feeds/${id}`;

type FeedRow = typeof kpiFeeds.$inferSelect;
const toStatus = (publicUrl: string, row: FeedRow): FeedStatus => ({
  url: feedUrl(publicUrl, row.id),
  createdAt: row.createdAt.toISOString(),
  secretSetAt: row.secretSetAt.toISOString(),
  lastReceivedAt: row.lastReceivedAt?.toISOString() ?? null,
});

/** Who may make, replace or remove a KPI's feed: those who may delete the KPI. */
const manageableScore = async (ctx: TenantContext, scoreId: string) => {
  const { score, meeting } = await findVisibleScore(ctx, scoreId);
  if (!canDeleteScore(ctx, meeting, score)) throw forbidden();
  if (score.formula !== null) throw badRequest({ scoreId: kpiFeedMessages.formula }, kpiFeedMessages.formula);
  return score;
};

/** `GET /scores/{id}/feed`: the feed's address and when it last received a value; null if unfed. */
export const feedStatus = async (ctx: TenantContext, scoreId: string): Promise<FeedStatus | null> => {
  await findVisibleScore(ctx, scoreId);
  const [row] = await ctx.db.select().from(kpiFeeds).where(eq(kpiFeeds.scoreId, scoreId));
  return row ? toStatus(ctx.publicUrl, row) : null;
};

/**
 * `POST /scores/{id}/feed`: feeds the KPI, or gives its feed a new secret (the old one stops at
 * once; the address stays). The secret is in this answer only.
 */
export const setFeed = async (ctx: TenantContext, keyring: VaultKeyring, scoreId: string): Promise<FeedWithSecret> => {
  const score = await manageableScore(ctx, scoreId);
  const secret = newSecret(FEED_SECRET_PREFIX);
  const sealedSecret = sealWorkspaceSecret(
    await dataKeyForWrite(ctx.db, keyring, ctx.tenantId),
    ctx.tenantId,
    purpose,
    secret,
  );
  const now = new Date();
  const [row] = await ctx.db
    .insert(kpiFeeds)
    .values({ tenantId: ctx.tenantId, scoreId: score.id, sealedSecret, createdBy: ctx.userId, secretSetAt: now })
    .onConflictDoUpdate({ target: kpiFeeds.scoreId, set: { sealedSecret, secretSetAt: now } })
    .returning();
  return { ...toStatus(ctx.publicUrl, row!), secret };
};

/** `DELETE /scores/{id}/feed`: the address stops accepting values; the values it sent stay. */
export const deleteFeed = async (ctx: TenantContext, scoreId: string): Promise<boolean> => {
  await manageableScore(ctx, scoreId);
  const deleted = await ctx.db.delete(kpiFeeds).where(eq(kpiFeeds.scoreId, scoreId)).returning({ id: kpiFeeds.id });
  if (deleted.length === 0) throw notFound(kpiFeedMessages.none);
  return true;
};

/** A feed as a push needs it: its KPI and the workspace key to open its secret (one statement). */
export interface FeedForPush {
  feed: FeedRow;
  score: ScoreRow;
}

/**
 * Checks a push's signature against the feed's secret before its body is even validated: 404 for
 * an unknown feed, 401 with the reason for a missing, wrong or stale signature. `db` is the
 * database itself: the rate limit's count must stay when the push fails afterwards.
 */
export const verifyPush = async (
  db: Db,
  keyring: VaultKeyring,
  feedId: string,
  header: string | undefined,
  rawBody: string,
  now = Date.now(),
): Promise<FeedForPush> => {
  // Runs before the path is validated: a malformed id names no feed.
  if (!isUuid(feedId)) throw notFound(kpiFeedMessages.unknown);
  const [row] = await db
    .select({ feed: kpiFeeds, score: scores, wrappedKey: vaultKeys.wrappedKey, masterKeyId: vaultKeys.masterKeyId })
    .from(kpiFeeds)
    .innerJoin(scores, eq(scores.id, kpiFeeds.scoreId))
    .innerJoin(vaultKeys, eq(vaultKeys.tenantId, kpiFeeds.tenantId))
    .where(eq(kpiFeeds.id, feedId));
  if (!row) throw notFound(kpiFeedMessages.unknown);
  if (!header) throw unauthorized(kpiFeedMessages.unsigned);
  const secret = openWorkspaceSecret(
    unwrapDataKey(keyring, row.feed.tenantId, row),
    row.feed.tenantId,
    purpose,
    row.feed.sealedSecret,
  );
  const check = checkSignature(secret, header, rawBody, { now, toleranceSeconds: FEED_REPLAY_WINDOW_SECONDS });
  if (check === 'stale') throw unauthorized(kpiFeedMessages.stale);
  if (check === 'mismatch') throw unauthorized(kpiFeedMessages.badSignature);
  await countTry(db, [{ key: `kpi-feed:${row.feed.id}`, limit: RATE_LIMITS.kpiFeedPushes }], kpiFeedMessages.tooMany);
  return { feed: row.feed, score: row.score };
};

/** Monday of the ISO week holding `date`. */
const weekStart = (date: IsoDate): IsoDate => {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
};

/**
 * The scorecard column a value dated `date` belongs to: the meeting's first date in that week
 * (Monday to Sunday) still on the scorecard — the rule the scorecard import follows too.
 */
const columnOfWeek = async (db: Db, meetingId: string, date: IsoDate) => {
  const monday = weekStart(date);
  const [column] = await db
    .select({ id: sessions.id, sessionDate: sessions.sessionDate })
    .from(sessions)
    .leftJoin(kpiRemovedSessions, eq(kpiRemovedSessions.sessionId, sessions.id))
    .where(
      and(
        eq(sessions.meetingId, meetingId),
        gte(sessions.sessionDate, monday),
        lte(sessions.sessionDate, addDays(monday, 6)),
        isNull(kpiRemovedSessions.sessionId),
      ),
    )
    .orderBy(asc(sessions.sessionDate))
    .limit(1);
  if (!column) throw badRequest({ date: kpiFeedMessages.noColumn(date) }, kpiFeedMessages.noColumn(date));
  return column;
};

/** A column a push lands in: a meeting date, or a month's or quarter's period. */
interface FedColumn {
  onDate: IsoDate;
  sessionId: string | null;
  period: { frequency: PeriodFrequency; of: KpiPeriod } | null;
}

/** The column of a weekly score's week, or the period of a monthly or quarterly one holding `date`. */
const columnOf = async (reader: PeriodReader, score: ScoreRow, date: IsoDate): Promise<FedColumn> => {
  if (score.frequency === 'weekly') {
    const session = await columnOfWeek(reader.db, score.meetingId, date);
    return { onDate: session.sessionDate, sessionId: session.id, period: null };
  }
  const frequency = score.frequency as PeriodFrequency;
  const [period] = await periodsBetween(reader, frequency, date, date);
  if (!period) throw badRequest({ date: kpiFeedMessages.noPeriod(date) }, kpiFeedMessages.noPeriod(date));
  return { onDate: period.start, sessionId: null, period: { frequency, of: period } };
};

/** Whether a person entered the column's value (it stays: the feed's value only overrides the feed's). */
const enteredByPerson = async (db: Db, scoreId: string, column: FedColumn) => {
  const [cell] = column.period
    ? await db
        .select({ measured: scorePeriodCells.measured, changedBy: scorePeriodCells.changedBy })
        .from(scorePeriodCells)
        .where(and(eq(scorePeriodCells.scoreId, scoreId), eq(scorePeriodCells.periodStart, column.onDate)))
    : await db
        .select({ measured: scoreCells.measured, changedBy: scoreCells.changedBy })
        .from(scoreCells)
        .where(and(eq(scoreCells.scoreId, scoreId), eq(scoreCells.sessionId, column.sessionId!)));
  return cell !== undefined && cell.measured !== null && cell.changedBy !== null;
};

/**
 * `POST /kpi-feeds/{id}` after `verifyPush`: records the value as the feed's for that meeting
 * date and puts it in the cell, unless a person entered the cell (their value stays, shown as
 * overriding the fed one). One transaction; the room hears the cell and the formulas it changes.
 */
export const receivePush = async (
  tx: TxContext,
  { feed, score }: FeedForPush,
  push: FeedPush,
): Promise<PushedValue> => {
  const measured = normaliseKpiValueAs(score.type as KpiType, String(push.value));
  if (!measured || measured.length > KPI_VALUE_MAX)
    throw badRequest({ value: kpiFeedMessages.invalidValue }, kpiFeedMessages.invalidValue);
  const writer = { ...tx, tenantId: feed.tenantId };
  const column = await columnOf(writer, score, push.date);
  const receivedAt = new Date();
  const note = push.note ?? null;
  await tx.db
    .insert(kpiFedValues)
    .values({
      tenantId: feed.tenantId,
      scoreId: score.id,
      onDate: column.onDate,
      sessionId: column.sessionId,
      measured,
      note,
      receivedAt,
    })
    .onConflictDoUpdate({ target: [kpiFedValues.scoreId, kpiFedValues.onDate], set: { measured, note, receivedAt } });
  await tx.db.update(kpiFeeds).set({ lastReceivedAt: receivedAt }).where(eq(kpiFeeds.id, feed.id));
  const entered = await enteredByPerson(tx.db, score.id, column);
  if (!entered) {
    const input = { measured, ...(push.note !== undefined ? { note } : {}), changedBy: null };
    if (column.period) await writePeriodCell(writer, score, column.period.frequency, column.period.of, input);
    else await writeCell(writer, score, { id: column.sessionId!, sessionDate: column.onDate }, input);
  }
  return { onDate: column.onDate, sessionId: column.sessionId, measured, applied: !entered };
};
