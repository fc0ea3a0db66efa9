CREATE TABLE "task_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"interval" integer DEFAULT 1 NOT NULL,
	"weekdays" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"month_day" integer,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"count" integer,
	"last_on" date,
	"advance" text DEFAULT 'done' NOT NULL,
	"template" jsonb NOT NULL,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "task_series_frequency_check" CHECK ("task_series"."frequency" in ('daily', 'weekly', 'monthly')),
	CONSTRAINT "task_series_advance_check" CHECK ("task_series"."advance" in ('done', 'due')),
	CONSTRAINT "task_series_interval_check" CHECK ("task_series"."interval" between 1 and 99)
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "series_date" date;--> statement-breakpoint
ALTER TABLE "task_series" ADD CONSTRAINT "task_series_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_series" ADD CONSTRAINT "task_series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_series" ADD CONSTRAINT "task_series_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_series_due_index" ON "task_series" USING btree ("advance") WHERE "task_series"."stopped_at" is null;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_series_id_task_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."task_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_series_date_index" ON "tasks" USING btree ("series_id","series_date") WHERE "tasks"."series_id" is not null;