CREATE TABLE "time_project_months" (
	"project_id" uuid NOT NULL,
	"month" date NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"billable_minutes" integer DEFAULT 0 NOT NULL,
	"value" numeric DEFAULT '0' NOT NULL,
	"billable_value" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "time_project_months_project_id_month_pk" PRIMARY KEY("project_id","month")
);
--> statement-breakpoint
ALTER TABLE "time_project_months" ADD CONSTRAINT "time_project_months_project_id_time_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."time_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by triggers (decision 057): every statement that writes time_entries adds what it wrote
-- and takes off what it removed, per project and month, in its own transaction. A month row of
-- a project being deleted may already be gone: removing only updates, so nothing fails.
CREATE FUNCTION "time_project_months_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "time_project_months" AS m SET
      "minutes" = m."minutes" - d."minutes",
      "billable_minutes" = m."billable_minutes" - d."billable_minutes",
      "value" = m."value" - d."value",
      "billable_value" = m."billable_value" - d."billable_value"
    FROM (
      SELECT "project_id", date_trunc('month', "spent_on")::date AS "month", sum("minutes")::int AS "minutes",
        coalesce(sum("minutes") FILTER (WHERE "billable"), 0)::int AS "billable_minutes",
        sum("minutes" * "rate") AS "value", coalesce(sum("minutes" * "rate") FILTER (WHERE "billable"), 0) AS "billable_value"
      FROM removed GROUP BY 1, 2
    ) AS d
    WHERE m."project_id" = d."project_id" AND m."month" = d."month";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "time_project_months" AS m ("project_id", "month", "minutes", "billable_minutes", "value", "billable_value")
    SELECT "project_id", date_trunc('month', "spent_on")::date, sum("minutes")::int,
      coalesce(sum("minutes") FILTER (WHERE "billable"), 0)::int,
      sum("minutes" * "rate"), coalesce(sum("minutes" * "rate") FILTER (WHERE "billable"), 0)
    FROM added GROUP BY 1, 2
    ON CONFLICT ("project_id", "month") DO UPDATE SET
      "minutes" = m."minutes" + excluded."minutes",
      "billable_minutes" = m."billable_minutes" + excluded."billable_minutes",
      "value" = m."value" + excluded."value",
      "billable_value" = m."billable_value" + excluded."billable_value";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "time_entries_months_insert" AFTER INSERT ON "time_entries"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "time_project_months_follow"();
--> statement-breakpoint
CREATE TRIGGER "time_entries_months_update" AFTER UPDATE ON "time_entries"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "time_project_months_follow"();
--> statement-breakpoint
CREATE TRIGGER "time_entries_months_delete" AFTER DELETE ON "time_entries"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "time_project_months_follow"();
--> statement-breakpoint
INSERT INTO "time_project_months" ("project_id", "month", "minutes", "billable_minutes", "value", "billable_value")
SELECT "project_id", date_trunc('month', "spent_on")::date, sum("minutes")::int,
  coalesce(sum("minutes") FILTER (WHERE "billable"), 0)::int,
  sum("minutes" * "rate"), coalesce(sum("minutes" * "rate") FILTER (WHERE "billable"), 0)
FROM "time_entries" GROUP BY 1, 2;
