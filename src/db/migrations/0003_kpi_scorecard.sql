CREATE TABLE "kpi_removed_sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "score_cells" (
	"tenant_id" uuid NOT NULL,
	"score_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"measured" text,
	"note" text,
	"changed_at" timestamp with time zone,
	"changed_by" uuid,
	CONSTRAINT "score_cells_score_id_session_id_pk" PRIMARY KEY("score_id","session_id"),
	CONSTRAINT "score_cells_measured_check" CHECK ("score_cells"."measured" is null or "score_cells"."measured" ~ '^-?[0-9]+([.][0-9]+)?$')
);
--> statement-breakpoint
CREATE TABLE "scores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"goal" text NOT NULL,
	"score" text NOT NULL,
	"units" text,
	"type" text DEFAULT 'number' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "scores_goal_check" CHECK ("scores"."goal" in ('>=', '<=', '==')),
	CONSTRAINT "scores_type_check" CHECK ("scores"."type" in ('number', 'dollar', 'percentage')),
	CONSTRAINT "scores_score_check" CHECK ("scores"."score" ~ '^-?[0-9]+([.][0-9]+)?$')
);
--> statement-breakpoint
ALTER TABLE "kpi_removed_sessions" ADD CONSTRAINT "kpi_removed_sessions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_removed_sessions" ADD CONSTRAINT "kpi_removed_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_removed_sessions" ADD CONSTRAINT "kpi_removed_sessions_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_removed_sessions" ADD CONSTRAINT "kpi_removed_sessions_tenant_id_meeting_id_meetings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","meeting_id") REFERENCES "public"."meetings"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_cells" ADD CONSTRAINT "score_cells_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_cells" ADD CONSTRAINT "score_cells_score_id_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_cells" ADD CONSTRAINT "score_cells_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_cells" ADD CONSTRAINT "score_cells_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_tenant_id_meeting_id_meetings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","meeting_id") REFERENCES "public"."meetings"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kpi_removed_sessions_meeting_id_index" ON "kpi_removed_sessions" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "score_cells_session_id_index" ON "score_cells" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "scores_meeting_id_sort_index" ON "scores" USING btree ("meeting_id","sort");