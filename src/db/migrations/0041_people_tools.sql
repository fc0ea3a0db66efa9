CREATE TABLE "conversation_forms" (
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_forms_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"pair_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"held_on" date NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"manager_ack_at" timestamp with time zone,
	"report_ack_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "conversations_pair_period_unique" UNIQUE("pair_id","kind","period"),
	CONSTRAINT "conversations_kind_check" CHECK ("conversations"."kind" in ('quarterly', 'annual'))
);
--> statement-breakpoint
CREATE TABLE "core_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "one_on_one_pairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"manager_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"start_time" text NOT NULL,
	"timezone" text NOT NULL,
	"repeat_weeks" integer DEFAULT 1 NOT NULL,
	"shared_with_admins" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "one_on_one_pairs_pair_unique" UNIQUE("tenant_id","manager_id","report_id"),
	CONSTRAINT "one_on_one_pairs_not_self" CHECK ("one_on_one_pairs"."manager_id" <> "one_on_one_pairs"."report_id"),
	CONSTRAINT "one_on_one_pairs_repeat_check" CHECK ("one_on_one_pairs"."repeat_weeks" between 1 and 8)
);
--> statement-breakpoint
CREATE TABLE "one_on_one_private_notes" (
	"one_on_one_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_on_one_private_notes_one_on_one_id_user_id_pk" PRIMARY KEY("one_on_one_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "one_on_ones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"pair_id" uuid NOT NULL,
	"held_on" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"shared_notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_on_ones_pair_date_unique" UNIQUE("pair_id","held_on")
);
--> statement-breakpoint
CREATE TABLE "people_tools_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"pair_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"session_id" text,
	"address" text,
	CONSTRAINT "people_tools_audit_subject_check" CHECK ("people_tools_audit"."subject" in ('oneOnOne', 'conversation'))
);
--> statement-breakpoint
CREATE TABLE "reporting_overrides" (
	"tenant_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"manager_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "reporting_overrides_tenant_id_report_id_pk" PRIMARY KEY("tenant_id","report_id"),
	CONSTRAINT "reporting_overrides_not_self" CHECK ("reporting_overrides"."manager_id" is null or "reporting_overrides"."manager_id" <> "reporting_overrides"."report_id")
);
--> statement-breakpoint
CREATE TABLE "talking_point_notes" (
	"point_id" uuid NOT NULL,
	"one_on_one_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talking_point_notes_point_id_one_on_one_id_pk" PRIMARY KEY("point_id","one_on_one_id")
);
--> statement-breakpoint
CREATE TABLE "talking_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"pair_id" uuid NOT NULL,
	"one_on_one_id" uuid,
	"title" text NOT NULL,
	"recurring" boolean DEFAULT false NOT NULL,
	"author_id" uuid,
	"done_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"task_id" uuid,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_forms" ADD CONSTRAINT "conversation_forms_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_forms" ADD CONSTRAINT "conversation_forms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_forms" ADD CONSTRAINT "conversation_forms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_pair_id_one_on_one_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."one_on_one_pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "core_values" ADD CONSTRAINT "core_values_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "core_values" ADD CONSTRAINT "core_values_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_on_one_pairs" ADD CONSTRAINT "one_on_one_pairs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_on_one_pairs" ADD CONSTRAINT "one_on_one_pairs_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_on_one_pairs" ADD CONSTRAINT "one_on_one_pairs_report_id_users_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_on_one_pairs" ADD CONSTRAINT "one_on_one_pairs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_on_one_private_notes" ADD CONSTRAINT "one_on_one_private_notes_one_on_one_id_one_on_ones_id_fk" FOREIGN KEY ("one_on_one_id") REFERENCES "public"."one_on_ones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_on_one_private_notes" ADD CONSTRAINT "one_on_one_private_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_on_one_private_notes" ADD CONSTRAINT "one_on_one_private_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_on_ones" ADD CONSTRAINT "one_on_ones_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_on_ones" ADD CONSTRAINT "one_on_ones_pair_id_one_on_one_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."one_on_one_pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_tools_audit" ADD CONSTRAINT "people_tools_audit_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_tools_audit" ADD CONSTRAINT "people_tools_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_overrides" ADD CONSTRAINT "reporting_overrides_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_overrides" ADD CONSTRAINT "reporting_overrides_report_id_users_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_overrides" ADD CONSTRAINT "reporting_overrides_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_overrides" ADD CONSTRAINT "reporting_overrides_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talking_point_notes" ADD CONSTRAINT "talking_point_notes_point_id_talking_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."talking_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talking_point_notes" ADD CONSTRAINT "talking_point_notes_one_on_one_id_one_on_ones_id_fk" FOREIGN KEY ("one_on_one_id") REFERENCES "public"."one_on_ones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talking_point_notes" ADD CONSTRAINT "talking_point_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talking_points" ADD CONSTRAINT "talking_points_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talking_points" ADD CONSTRAINT "talking_points_pair_id_one_on_one_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."one_on_one_pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talking_points" ADD CONSTRAINT "talking_points_one_on_one_id_one_on_ones_id_fk" FOREIGN KEY ("one_on_one_id") REFERENCES "public"."one_on_ones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talking_points" ADD CONSTRAINT "talking_points_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talking_points" ADD CONSTRAINT "talking_points_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_tenant_id_held_on_index" ON "conversations" USING btree ("tenant_id","held_on");--> statement-breakpoint
CREATE INDEX "core_values_tenant_id_sort_index" ON "core_values" USING btree ("tenant_id","sort");--> statement-breakpoint
CREATE INDEX "one_on_one_pairs_tenant_id_report_id_index" ON "one_on_one_pairs" USING btree ("tenant_id","report_id");--> statement-breakpoint
CREATE INDEX "one_on_ones_tenant_id_pair_id_starts_at_index" ON "one_on_ones" USING btree ("tenant_id","pair_id","starts_at");--> statement-breakpoint
CREATE INDEX "people_tools_audit_tenant_id_at_index" ON "people_tools_audit" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "talking_point_notes_one_on_one_id_index" ON "talking_point_notes" USING btree ("one_on_one_id");--> statement-breakpoint
CREATE INDEX "talking_points_pair_id_one_on_one_id_index" ON "talking_points" USING btree ("pair_id","one_on_one_id");--> statement-breakpoint
CREATE INDEX "talking_points_one_on_one_id_index" ON "talking_points" USING btree ("one_on_one_id");