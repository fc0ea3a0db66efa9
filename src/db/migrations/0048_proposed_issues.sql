CREATE TABLE "proposal_preparations" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"prepared_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_settings" (
	"meeting_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"hours_before" integer DEFAULT 24 NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "proposal_settings_hours_check" CHECK ("proposal_settings"."hours_before" between 1 and 168)
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"origin_kind" text NOT NULL,
	"origin_id" uuid NOT NULL,
	"origin_title" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"fingerprint" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"snoozed_until" timestamp with time zone,
	"issue_id" uuid,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_meeting_rule_origin_unique" UNIQUE("meeting_id","rule","origin_id"),
	CONSTRAINT "proposals_rule_check" CHECK ("proposals"."rule" in ('kpiOffGoal', 'goalOffTrack', 'todoLate', 'budgetAlert', 'issueStale', 'lowRating', 'missedSessions')),
	CONSTRAINT "proposals_origin_kind_check" CHECK ("proposals"."origin_kind" in ('kpi', 'goal', 'todo', 'project', 'issue', 'session', 'person')),
	CONSTRAINT "proposals_status_check" CHECK ("proposals"."status" in ('open', 'accepted', 'dismissed', 'snoozed'))
);
--> statement-breakpoint
ALTER TABLE "proposal_preparations" ADD CONSTRAINT "proposal_preparations_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_preparations" ADD CONSTRAINT "proposal_preparations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_settings" ADD CONSTRAINT "proposal_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_settings" ADD CONSTRAINT "proposal_settings_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_settings" ADD CONSTRAINT "proposal_settings_tenant_id_meeting_id_meetings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","meeting_id") REFERENCES "public"."meetings"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_issue_id_tasks_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_tenant_id_meeting_id_meetings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","meeting_id") REFERENCES "public"."meetings"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_preparations_tenant_id_index" ON "proposal_preparations" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "proposal_preparations_meeting_id_index" ON "proposal_preparations" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "proposal_settings_tenant_id_index" ON "proposal_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "proposals_meeting_status_index" ON "proposals" USING btree ("meeting_id","status","proposed_at");--> statement-breakpoint
CREATE INDEX "proposals_tenant_id_index" ON "proposals" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "proposals_issue_index" ON "proposals" USING btree ("issue_id") WHERE "proposals"."issue_id" is not null;