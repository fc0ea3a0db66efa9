CREATE TABLE "session_health" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"session_date" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"unscheduled" boolean NOT NULL,
	"started_on_its_date" boolean NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"issues_solved" integer DEFAULT 0 NOT NULL,
	"solved_ages" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"cells" integer DEFAULT 0 NOT NULL,
	"cells_on_time" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_health" ADD CONSTRAINT "session_health_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_health" ADD CONSTRAINT "session_health_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_health_tenant_id_session_date_index" ON "session_health" USING btree ("tenant_id","session_date");--> statement-breakpoint
CREATE INDEX "session_health_meeting_id_session_date_index" ON "session_health" USING btree ("meeting_id","session_date");--> statement-breakpoint
-- Kept by triggers (decision 128): each statement that writes what a session's health counts
-- recomputes the rows of the sessions it touched, in its own transaction. The counts are those of
-- a held session (nothing while it is not held): ratings of people who attended; issues solved in
-- the room (type 2, done) and their ages in whole UTC days; the cells of weekly entered KPIs that
-- existed when it was due, unless its date was taken off the scorecard, and those entered, and not
-- changed since, by its start. A removed session's row goes with it (the foreign key).
CREATE FUNCTION "session_health_refresh"("ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality("ids") = 0 THEN
    RETURN;
  END IF;
  -- Wait for a transaction writing the same sessions to end, so the recount below (a statement
  -- of its own, a new snapshot) sees what it committed and neither count is lost.
  PERFORM 1 FROM "session_health" WHERE "session_id" = ANY ("ids") ORDER BY "session_id" FOR UPDATE;
  INSERT INTO "session_health" AS h ("session_id", "tenant_id", "meeting_id", "session_date", "starts_at",
    "started_at", "unscheduled", "started_on_its_date", "rating_sum", "rating_count", "issues_solved",
    "solved_ages", "cells", "cells_on_time")
  SELECT s."id", s."tenant_id", s."meeting_id", s."session_date", s."starts_at", s."started_at", s."unscheduled",
    coalesce((s."started_at" AT TIME ZONE m."timezone")::date = s."session_date", false),
    coalesce(r."total", 0), r."count", i."count", coalesce(i."ages", '{}'), c."count", c."on_time"
  FROM (SELECT DISTINCT unnest("ids") AS "id") AS x
  JOIN "sessions" s ON s."id" = x."id"
  JOIN "meetings" m ON m."id" = s."meeting_id"
  CROSS JOIN LATERAL (
    SELECT sum(a."score")::int AS "total", count(*)::int AS "count" FROM "session_attendees" a
    WHERE a."session_id" = s."id" AND s."started_at" IS NOT NULL AND a."score" IS NOT NULL AND NOT a."not_attended"
  ) AS r
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS "count", array_agg(k."age" ORDER BY k."age") AS "ages"
    FROM (SELECT (t."completed_at" AT TIME ZONE 'UTC')::date - (t."created_at" AT TIME ZONE 'UTC')::date AS "age"
      FROM "tasks" t
      WHERE t."tenant_id" = s."tenant_id" AND t."completed_in_session_id" = s."id" AND s."started_at" IS NOT NULL
        AND t."type" = '2' AND t."status" = '1' AND t."completed_at" IS NOT NULL) AS k
  ) AS i
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS "count",
      (count(*) FILTER (WHERE c."measured" IS NOT NULL AND c."changed_at" <= s."started_at"))::int AS "on_time"
    FROM "score_cells" c JOIN "scores" sc ON sc."id" = c."score_id"
    WHERE c."session_id" = s."id" AND s."started_at" IS NOT NULL
      AND sc."frequency" = 'weekly' AND sc."formula" IS NULL AND sc."created_at" <= s."starts_at"
      AND NOT EXISTS (SELECT 1 FROM "kpi_removed_sessions" kr WHERE kr."session_id" = s."id")
  ) AS c
  ON CONFLICT ("session_id") DO UPDATE SET
    "tenant_id" = excluded."tenant_id", "meeting_id" = excluded."meeting_id",
    "session_date" = excluded."session_date", "starts_at" = excluded."starts_at",
    "started_at" = excluded."started_at", "unscheduled" = excluded."unscheduled",
    "started_on_its_date" = excluded."started_on_its_date", "rating_sum" = excluded."rating_sum",
    "rating_count" = excluded."rating_count", "issues_solved" = excluded."issues_solved",
    "solved_ages" = excluded."solved_ages", "cells" = excluded."cells", "cells_on_time" = excluded."cells_on_time";
END
$$;
--> statement-breakpoint
CREATE FUNCTION "session_health_follow_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "session_health_refresh"(ARRAY(SELECT "id" FROM added));
  ELSE
    -- A live meeting writes its session at every step: only these columns change a figure.
    PERFORM "session_health_refresh"(ARRAY(SELECT a."id" FROM added a JOIN removed r ON r."id" = a."id"
      WHERE (a."started_at", a."starts_at", a."session_date", a."unscheduled", a."meeting_id", a."tenant_id")
        IS DISTINCT FROM (r."started_at", r."starts_at", r."session_date", r."unscheduled", r."meeting_id", r."tenant_id")));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_health_insert" AFTER INSERT ON "sessions"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "session_health_follow_sessions"();
--> statement-breakpoint
CREATE TRIGGER "sessions_health_update" AFTER UPDATE ON "sessions"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "session_health_follow_sessions"();
--> statement-breakpoint
CREATE FUNCTION "session_health_follow_attendees"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "session_health_refresh"(ARRAY(SELECT "session_id" FROM added WHERE "score" IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "session_health_refresh"(ARRAY(SELECT "session_id" FROM removed WHERE "score" IS NOT NULL));
  ELSE
    PERFORM "session_health_refresh"(ARRAY(SELECT unnest(ARRAY[a."session_id", r."session_id"])
      FROM added a FULL JOIN removed r ON r."session_id" = a."session_id" AND r."user_id" = a."user_id"
      WHERE a."session_id" IS NULL OR r."session_id" IS NULL
        OR (a."score", a."not_attended") IS DISTINCT FROM (r."score", r."not_attended")));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "session_attendees_health_insert" AFTER INSERT ON "session_attendees"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "session_health_follow_attendees"();
--> statement-breakpoint
CREATE TRIGGER "session_attendees_health_update" AFTER UPDATE ON "session_attendees"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "session_health_follow_attendees"();
--> statement-breakpoint
CREATE TRIGGER "session_attendees_health_delete" AFTER DELETE ON "session_attendees"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "session_health_follow_attendees"();
--> statement-breakpoint
CREATE FUNCTION "session_health_follow_cells"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "session_health_refresh"(ARRAY(SELECT "session_id" FROM added));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "session_health_refresh"(ARRAY(SELECT "session_id" FROM removed));
  ELSE
    -- A note alone changes no figure; its save does move changed_at, which does.
    PERFORM "session_health_refresh"(ARRAY(SELECT unnest(ARRAY[a."session_id", r."session_id"])
      FROM added a FULL JOIN removed r ON r."score_id" = a."score_id" AND r."session_id" = a."session_id"
      WHERE a."score_id" IS NULL OR r."score_id" IS NULL
        OR (a."measured", a."changed_at") IS DISTINCT FROM (r."measured", r."changed_at")));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "score_cells_health_insert" AFTER INSERT ON "score_cells"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "session_health_follow_cells"();
--> statement-breakpoint
CREATE TRIGGER "score_cells_health_update" AFTER UPDATE ON "score_cells"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "session_health_follow_cells"();
--> statement-breakpoint
CREATE TRIGGER "score_cells_health_delete" AFTER DELETE ON "score_cells"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "session_health_follow_cells"();
--> statement-breakpoint
CREATE FUNCTION "session_health_follow_removed_dates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "session_health_refresh"(ARRAY(SELECT "session_id" FROM added));
  ELSE
    PERFORM "session_health_refresh"(ARRAY(SELECT "session_id" FROM removed));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "kpi_removed_sessions_health_insert" AFTER INSERT ON "kpi_removed_sessions"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "session_health_follow_removed_dates"();
--> statement-breakpoint
CREATE TRIGGER "kpi_removed_sessions_health_delete" AFTER DELETE ON "kpi_removed_sessions"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "session_health_follow_removed_dates"();
--> statement-breakpoint
-- A KPI's frequency, formula or creation date decides whether its cells count.
CREATE FUNCTION "session_health_follow_kpis"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "session_health_refresh"(ARRAY(SELECT DISTINCT c."session_id" FROM "score_cells" c
    WHERE c."score_id" IN (SELECT a."id" FROM added a JOIN removed r ON r."id" = a."id"
      WHERE (a."frequency", a."formula", a."created_at") IS DISTINCT FROM (r."frequency", r."formula", r."created_at"))));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scores_health_update" AFTER UPDATE ON "scores"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "session_health_follow_kpis"();
--> statement-breakpoint
-- Issues solved in the room: the rows naming a session (before or after), when what counts changed.
CREATE FUNCTION "session_health_follow_tasks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "session_health_refresh"(ARRAY(SELECT "completed_in_session_id" FROM added
      WHERE "completed_in_session_id" IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "session_health_refresh"(ARRAY(SELECT "completed_in_session_id" FROM removed
      WHERE "completed_in_session_id" IS NOT NULL));
  ELSE
    PERFORM "session_health_refresh"(ARRAY(SELECT x FROM (
      SELECT unnest(ARRAY[a."completed_in_session_id", r."completed_in_session_id"]) AS x
      FROM added a JOIN removed r ON r."id" = a."id"
      WHERE (a."completed_in_session_id" IS NOT NULL OR r."completed_in_session_id" IS NOT NULL)
        AND (a."completed_in_session_id", a."type", a."status", a."completed_at", a."created_at", a."tenant_id")
          IS DISTINCT FROM (r."completed_in_session_id", r."type", r."status", r."completed_at", r."created_at", r."tenant_id")
    ) AS k WHERE x IS NOT NULL));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tasks_health_insert" AFTER INSERT ON "tasks"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "session_health_follow_tasks"();
--> statement-breakpoint
CREATE TRIGGER "tasks_health_update" AFTER UPDATE ON "tasks"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "session_health_follow_tasks"();
--> statement-breakpoint
CREATE TRIGGER "tasks_health_delete" AFTER DELETE ON "tasks"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "session_health_follow_tasks"();
--> statement-breakpoint
-- "Held on schedule" is the start's date in the meeting's time zone.
CREATE FUNCTION "session_health_follow_meetings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "session_health_refresh"(ARRAY(SELECT s."id" FROM "sessions" s
    WHERE s."started_at" IS NOT NULL AND s."meeting_id" IN (SELECT a."id" FROM added a JOIN removed r ON r."id" = a."id"
      WHERE a."timezone" IS DISTINCT FROM r."timezone")));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "meetings_health_update" AFTER UPDATE ON "meetings"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "session_health_follow_meetings"();
--> statement-breakpoint
SELECT "session_health_refresh"(ARRAY(SELECT "id" FROM "sessions"));
