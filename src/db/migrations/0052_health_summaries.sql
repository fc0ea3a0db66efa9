CREATE TABLE "session_health_days" (
	"tenant_id" uuid NOT NULL,
	"session_date" date NOT NULL,
	"scheduled" integer NOT NULL,
	"on_schedule" integer NOT NULL,
	"held" integer NOT NULL,
	"held_scheduled" integer NOT NULL,
	"on_time" integer NOT NULL,
	"rating_sum" integer NOT NULL,
	"rating_count" integer NOT NULL,
	"issues_solved" integer NOT NULL,
	"solved_ages" integer[] NOT NULL,
	"cells" integer NOT NULL,
	"cells_on_time" integer NOT NULL,
	CONSTRAINT "session_health_days_tenant_id_session_date_pk" PRIMARY KEY("tenant_id","session_date")
);
--> statement-breakpoint
CREATE TABLE "session_health_days_dirty" (
	"tenant_id" uuid NOT NULL,
	"session_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_health" (
	"tenant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"due_date" date,
	"quarter_id" text,
	"total" integer NOT NULL,
	"done" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_health_dirty" (
	"tenant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"due_date" date,
	"quarter_id" text
);
--> statement-breakpoint
ALTER TABLE "session_health_days" ADD CONSTRAINT "session_health_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_health" ADD CONSTRAINT "task_health_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_health_tenant_id_type_due_date_index" ON "task_health" USING btree ("tenant_id","type","due_date");--> statement-breakpoint
CREATE INDEX "tasks_goal_quarter_index" ON "tasks" USING btree ("tenant_id","quarter_id") WHERE "tasks"."type" = '1';
--> statement-breakpoint
-- Kept by triggers (decision 134): each statement that writes what a goal's or a to-do's figures
-- count notes the keys it touched — a kind with a due date, or a goal's named quarter — and when
-- the transaction commits, a deferred trigger recounts those keys' rows from scratch, once however
-- many statements touched them. A row counts the goals and to-dos of its key that a meeting of the
-- workspace links, or whose board a meeting of the workspace shows.
CREATE TYPE "task_health_key" AS ("tenant_id" uuid, "type" text, "due_date" date, "quarter_id" text);
--> statement-breakpoint
-- A goal counts under the quarter it names, else under its due date; a to-do under its due date.
CREATE FUNCTION "task_health_key_of"(uuid, text, date, text) RETURNS "task_health_key" LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN $2 = '1' AND $4 ~ '^[0-9]{4}-Q[1-4]$' THEN ROW($1, $2, NULL::date, $4)::"task_health_key"
    WHEN $2 IN ('1', '4') AND $3 IS NOT NULL THEN ROW($1, $2, $3, NULL::text)::"task_health_key"
  END
$$;
--> statement-breakpoint
CREATE FUNCTION "task_health_recount"("keys" "task_health_key"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "task_health" h USING (SELECT DISTINCT k.* FROM unnest("keys") AS k WHERE k."tenant_id" IS NOT NULL) AS k
  WHERE h."tenant_id" = k."tenant_id" AND h."type" = k."type"
    AND h."due_date" IS NOT DISTINCT FROM k."due_date" AND h."quarter_id" IS NOT DISTINCT FROM k."quarter_id";
  INSERT INTO "task_health" ("tenant_id", "type", "due_date", "quarter_id", "total", "done")
  SELECT k."tenant_id", k."type", k."due_date", k."quarter_id", count(*)::int,
    (count(*) FILTER (WHERE t."status" = '1' AND (t."type" = '1' OR (t."completed_at" IS NOT NULL
      AND (t."completed_at" AT TIME ZONE coalesce(u."timezone", 'UTC'))::date <= t."due_date"))))::int
  FROM (SELECT DISTINCT k.* FROM unnest("keys") AS k WHERE k."tenant_id" IS NOT NULL) AS k
  -- The key's goals and to-dos: a goal's named quarter, else the kind's due date.
  CROSS JOIN LATERAL (
    SELECT g."id", g."type", g."status", g."due_date", g."completed_at", g."user_id", g."board_id" FROM "tasks" g
    WHERE k."quarter_id" IS NOT NULL AND g."tenant_id" = k."tenant_id" AND g."type" = '1' AND g."quarter_id" = k."quarter_id"
    UNION ALL
    SELECT d."id", d."type", d."status", d."due_date", d."completed_at", d."user_id", d."board_id" FROM "tasks" d
    WHERE k."quarter_id" IS NULL AND d."tenant_id" = k."tenant_id" AND d."type" = k."type" AND d."due_date" = k."due_date"
      AND NOT (d."type" = '1' AND coalesce(d."quarter_id", '') ~ '^[0-9]{4}-Q[1-4]$')
  ) AS t
  LEFT JOIN "users" u ON u."id" = t."user_id"
  -- Held by the workspace: a meeting links the card or shows its board (links never cross
  -- workspaces). Lateral probes of one row each, so a key's few hundred cards never make the
  -- planner hash every link of the database instead.
  LEFT JOIN LATERAL (SELECT true AS "held" FROM "task_meetings" tm WHERE tm."task_id" = t."id" LIMIT 1) AS lm ON true
  LEFT JOIN LATERAL (SELECT true AS "held" FROM "board_meetings" bm WHERE bm."board_id" = t."board_id" LIMIT 1) AS lb ON true
  WHERE lm."held" OR lb."held"
  GROUP BY k."tenant_id", k."type", k."due_date", k."quarter_id";
END
$$;
--> statement-breakpoint
-- Writers of the same summary rows take turns before a recount: a transaction-scoped lock per
-- workspace and per one of 64 buckets the rows' keys hash into, so a write touching thousands of
-- keys takes 64 at most. Both summaries use it.
CREATE FUNCTION "health_summary_take_turns"("tenants" uuid[], "keys" text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(x."tenant", x."bucket")
  FROM (SELECT DISTINCT hashtext(k."tenant_id"::text) AS "tenant", hashtext(k."key") & 63 AS "bucket"
    FROM unnest("tenants", "keys") AS k("tenant_id", "key") ORDER BY 1, 2) AS x;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "task_health_touch"("keys" "task_health_key"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "task_health_dirty" SELECT DISTINCT k.* FROM unnest("keys") AS k WHERE k."tenant_id" IS NOT NULL;
END
$$;
--> statement-breakpoint
-- At commit: the transaction's touched keys (no other's are visible: they are never committed),
-- recounted once; later firings find none. After taking turns, the recount — a statement of its
-- own, a new snapshot — sees what another writer of the same keys committed: no count is lost.
CREATE FUNCTION "task_health_settle"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "touched" "task_health_key"[];
BEGIN
  WITH d AS (DELETE FROM "task_health_dirty" RETURNING *)
  SELECT ARRAY(SELECT DISTINCT ROW(d."tenant_id", d."type", d."due_date", d."quarter_id")::"task_health_key" FROM d)
  INTO "touched";
  IF cardinality("touched") = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM "health_summary_take_turns"(ARRAY(SELECT k."tenant_id" FROM unnest("touched") AS k),
    ARRAY(SELECT k::text FROM unnest("touched") AS k));
  PERFORM "task_health_recount"("touched");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "task_health_dirty_settle" AFTER INSERT ON "task_health_dirty"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "task_health_settle"();
--> statement-breakpoint
CREATE FUNCTION "task_health_follow_tasks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "task_health_touch"(ARRAY(SELECT DISTINCT "task_health_key_of"(a."tenant_id", a."type", a."due_date", a."quarter_id")
      FROM added a WHERE a."type" IN ('1', '4')));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "task_health_touch"(ARRAY(SELECT DISTINCT "task_health_key_of"(r."tenant_id", r."type", r."due_date", r."quarter_id")
      FROM removed r WHERE r."type" IN ('1', '4')));
  ELSE
    -- A card's title, notes or place on a board change no figure: only these columns do.
    PERFORM "task_health_touch"(ARRAY(SELECT DISTINCT "task_health_key_of"(x."tenant_id", x."type", x."due_date", x."quarter_id")
      FROM added a JOIN removed r ON r."id" = a."id"
      CROSS JOIN LATERAL (VALUES (a."tenant_id", a."type", a."due_date", a."quarter_id"),
        (r."tenant_id", r."type", r."due_date", r."quarter_id")) AS x("tenant_id", "type", "due_date", "quarter_id")
      WHERE (a."type" IN ('1', '4') OR r."type" IN ('1', '4'))
        AND (a."tenant_id", a."type", a."status", a."due_date", a."quarter_id", a."completed_at", a."user_id", a."board_id")
          IS DISTINCT FROM (r."tenant_id", r."type", r."status", r."due_date", r."quarter_id", r."completed_at", r."user_id", r."board_id")));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tasks_task_health_insert" AFTER INSERT ON "tasks"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "task_health_follow_tasks"();
--> statement-breakpoint
CREATE TRIGGER "tasks_task_health_update" AFTER UPDATE ON "tasks"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "task_health_follow_tasks"();
--> statement-breakpoint
CREATE TRIGGER "tasks_task_health_delete" AFTER DELETE ON "tasks"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "task_health_follow_tasks"();
--> statement-breakpoint
-- The keys of the goals and to-dos among these cards, or on these boards.
CREATE FUNCTION "task_health_touch_cards"("card_ids" uuid[], "board_ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Two statements, each a semi-join the planner answers by index for a few cards.
  PERFORM "task_health_touch"(ARRAY(SELECT DISTINCT "task_health_key_of"(t."tenant_id", t."type", t."due_date", t."quarter_id")
    FROM "tasks" t WHERE t."type" IN ('1', '4') AND t."id" IN (SELECT unnest("card_ids"))));
  PERFORM "task_health_touch"(ARRAY(SELECT DISTINCT "task_health_key_of"(t."tenant_id", t."type", t."due_date", t."quarter_id")
    FROM "tasks" t WHERE t."type" IN ('1', '4') AND t."board_id" IN (SELECT unnest("board_ids"))));
END
$$;
--> statement-breakpoint
-- A card linked to a meeting, or unlinked (also when the meeting goes).
CREATE FUNCTION "task_health_follow_task_meetings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "task_health_touch_cards"(ARRAY(SELECT "task_id" FROM added), '{}');
  ELSE
    PERFORM "task_health_touch_cards"(ARRAY(SELECT "task_id" FROM removed), '{}');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "task_meetings_task_health_insert" AFTER INSERT ON "task_meetings"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "task_health_follow_task_meetings"();
--> statement-breakpoint
CREATE TRIGGER "task_meetings_task_health_delete" AFTER DELETE ON "task_meetings"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "task_health_follow_task_meetings"();
--> statement-breakpoint
-- A board shown in a meeting, or no longer: its goals and to-dos.
CREATE FUNCTION "task_health_follow_board_meetings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "task_health_touch_cards"('{}', ARRAY(SELECT "board_id" FROM added));
  ELSE
    PERFORM "task_health_touch_cards"('{}', ARRAY(SELECT "board_id" FROM removed));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "board_meetings_task_health_insert" AFTER INSERT ON "board_meetings"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "task_health_follow_board_meetings"();
--> statement-breakpoint
CREATE TRIGGER "board_meetings_task_health_delete" AFTER DELETE ON "board_meetings"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "task_health_follow_board_meetings"();
--> statement-breakpoint
-- "Done when due" is the owner's date: their done to-dos when their time zone changes (a row
-- trigger, so no other change to a person pays for it).
CREATE FUNCTION "task_health_follow_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "task_health_touch"(ARRAY(SELECT DISTINCT "task_health_key_of"(t."tenant_id", t."type", t."due_date", t."quarter_id")
    FROM "tasks" t WHERE t."user_id" = NEW."id" AND t."type" = '4' AND t."status" = '1'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_task_health_update" AFTER UPDATE OF "timezone" ON "users"
  FOR EACH ROW WHEN (OLD."timezone" IS DISTINCT FROM NEW."timezone") EXECUTE FUNCTION "task_health_follow_users"();
--> statement-breakpoint
-- The sessions' days (decision 134): each statement that writes session_health rows notes their
-- days, and at commit a deferred trigger recounts each noted day of each workspace from its
-- sessions' rows, once. The on-time rule is the service's HEALTH_ON_TIME_MINUTES (5).
CREATE FUNCTION "session_health_days_recount"("tenants" uuid[], "dates" date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "session_health_days" d
  USING (SELECT DISTINCT * FROM unnest("tenants", "dates") AS k("tenant_id", "session_date")) AS k
  WHERE d."tenant_id" = k."tenant_id" AND d."session_date" = k."session_date";
  INSERT INTO "session_health_days" ("tenant_id", "session_date", "scheduled", "on_schedule", "held", "held_scheduled",
    "on_time", "rating_sum", "rating_count", "issues_solved", "solved_ages", "cells", "cells_on_time")
  SELECT k."tenant_id", k."session_date", s."scheduled", s."on_schedule", s."held", s."held_scheduled", s."on_time",
    s."rating_sum", s."rating_count", s."issues_solved", coalesce(a."ages", '{}'), s."cells", s."cells_on_time"
  FROM (SELECT DISTINCT * FROM unnest("tenants", "dates") AS k("tenant_id", "session_date")) AS k
  CROSS JOIN LATERAL (
    SELECT count(*) AS "sessions",
      (count(*) FILTER (WHERE NOT h."unscheduled"))::int AS "scheduled",
      (count(*) FILTER (WHERE NOT h."unscheduled" AND h."started_on_its_date"))::int AS "on_schedule",
      (count(*) FILTER (WHERE h."started_at" IS NOT NULL))::int AS "held",
      (count(*) FILTER (WHERE NOT h."unscheduled" AND h."started_at" IS NOT NULL))::int AS "held_scheduled",
      (count(*) FILTER (WHERE NOT h."unscheduled" AND h."started_at" IS NOT NULL
        AND h."started_at" <= h."starts_at" + interval '5 minutes'))::int AS "on_time",
      coalesce(sum(h."rating_sum"), 0)::int AS "rating_sum", coalesce(sum(h."rating_count"), 0)::int AS "rating_count",
      coalesce(sum(h."issues_solved"), 0)::int AS "issues_solved",
      coalesce(sum(h."cells"), 0)::int AS "cells", coalesce(sum(h."cells_on_time"), 0)::int AS "cells_on_time"
    FROM "session_health" h WHERE h."tenant_id" = k."tenant_id" AND h."session_date" = k."session_date"
  ) AS s
  CROSS JOIN LATERAL (
    SELECT array_agg(x ORDER BY x) AS "ages" FROM "session_health" h CROSS JOIN unnest(h."solved_ages") AS x
    WHERE h."tenant_id" = k."tenant_id" AND h."session_date" = k."session_date" AND h."issues_solved" > 0
  ) AS a
  WHERE s."sessions" > 0;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "session_health_days_settle"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "tenants" uuid[];
  "dates" date[];
BEGIN
  WITH d AS (DELETE FROM "session_health_days_dirty" RETURNING *),
    k AS (SELECT DISTINCT d."tenant_id", d."session_date" FROM d)
  SELECT array_agg(k."tenant_id"), array_agg(k."session_date") INTO "tenants", "dates" FROM k;
  IF "tenants" IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM "health_summary_take_turns"("tenants", "dates"::text[]);
  PERFORM "session_health_days_recount"("tenants", "dates");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "session_health_days_dirty_settle" AFTER INSERT ON "session_health_days_dirty"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "session_health_days_settle"();
--> statement-breakpoint
-- Every day a written row was on, before and after: rewriting a session's row with the same counts
-- (its refresh upserts) costs one needless recount of its day, cheaper than comparing the rows.
CREATE FUNCTION "session_health_days_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "session_health_days_dirty" SELECT DISTINCT a."tenant_id", a."session_date" FROM added a;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "session_health_days_dirty" SELECT DISTINCT r."tenant_id", r."session_date" FROM removed r;
  ELSE
    INSERT INTO "session_health_days_dirty"
    SELECT a."tenant_id", a."session_date" FROM added a UNION SELECT r."tenant_id", r."session_date" FROM removed r;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "session_health_days_insert" AFTER INSERT ON "session_health"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "session_health_days_follow"();
--> statement-breakpoint
CREATE TRIGGER "session_health_days_update" AFTER UPDATE ON "session_health"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "session_health_days_follow"();
--> statement-breakpoint
CREATE TRIGGER "session_health_days_delete" AFTER DELETE ON "session_health"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "session_health_days_follow"();
--> statement-breakpoint
SELECT "task_health_recount"(ARRAY(SELECT DISTINCT "task_health_key_of"(t."tenant_id", t."type", t."due_date", t."quarter_id")
  FROM "tasks" t WHERE t."type" IN ('1', '4')));
--> statement-breakpoint
SELECT "session_health_days_recount"(k."tenants", k."dates")
FROM (SELECT array_agg("tenant_id") AS "tenants", array_agg("session_date") AS "dates"
  FROM (SELECT DISTINCT "tenant_id", "session_date" FROM "session_health") AS d) AS k;
