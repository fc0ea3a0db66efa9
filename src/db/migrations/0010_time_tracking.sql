CREATE TABLE "time_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"title" text NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "time_budget_alerts" (
	"project_id" uuid NOT NULL,
	"period" text NOT NULL,
	"threshold" integer NOT NULL,
	"tenant_id" uuid NOT NULL,
	"issue_id" uuid,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_budget_alerts_project_id_period_threshold_pk" PRIMARY KEY("project_id","period","threshold")
);
--> statement-breakpoint
CREATE TABLE "time_capacities" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"weekly_minutes" integer NOT NULL,
	CONSTRAINT "time_capacities_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id"),
	CONSTRAINT "time_capacities_minutes_check" CHECK ("time_capacities"."weekly_minutes" between 0 and 10080)
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"spent_on" date NOT NULL,
	"minutes" integer NOT NULL,
	"note" text,
	"meeting_id" uuid,
	"rate" numeric(14, 2) DEFAULT '0' NOT NULL,
	"billable" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "time_entries_minutes_check" CHECK ("time_entries"."minutes" between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "time_project_members" (
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"manage" boolean DEFAULT false NOT NULL,
	"budget_minutes" integer DEFAULT 600 NOT NULL,
	"hourly_rate" numeric(14, 2) DEFAULT '100' NOT NULL,
	CONSTRAINT "time_project_members_project_id_user_id_pk" PRIMARY KEY("project_id","user_id"),
	CONSTRAINT "time_project_members_money_check" CHECK ("time_project_members"."budget_minutes" >= 0 and "time_project_members"."hourly_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "time_project_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"billable" boolean DEFAULT true NOT NULL,
	"budget" numeric(14, 2) DEFAULT '10' NOT NULL,
	"budget_minutes" integer DEFAULT 6000 NOT NULL,
	"hourly_rate" numeric(14, 2) DEFAULT '100' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "time_project_tasks_money_check" CHECK ("time_project_tasks"."budget" >= 0 and "time_project_tasks"."budget_minutes" >= 0 and "time_project_tasks"."hourly_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "time_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"note" text,
	"type" text DEFAULT 'time' NOT NULL,
	"hourly_rate" text DEFAULT 'no_rate' NOT NULL,
	"project_hours_rate" numeric(14, 2) DEFAULT '0' NOT NULL,
	"budget_type" text DEFAULT 'no_budget' NOT NULL,
	"total_project_fee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_project_minutes" integer DEFAULT 0 NOT NULL,
	"fixed_fee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"budget_reset" text DEFAULT 'never' NOT NULL,
	"budget_project_expenses" boolean DEFAULT false NOT NULL,
	"budget_email_exceeds" boolean DEFAULT false NOT NULL,
	"percent_of_budget_exceed" integer DEFAULT 80 NOT NULL,
	"show_to_admins" boolean DEFAULT false NOT NULL,
	"show_to_all" boolean DEFAULT true NOT NULL,
	"meeting_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "time_projects_type_check" CHECK ("time_projects"."type" in ('time', 'fixed_fee', 'non_billable')),
	CONSTRAINT "time_projects_rate_check" CHECK ("time_projects"."hourly_rate" in ('no_rate', 'project', 'person', 'task')),
	CONSTRAINT "time_projects_budget_check" CHECK ("time_projects"."budget_type" in ('no_budget', 'total_project_fees', 'fees_per_task', 'total_project_hours', 'hours_per_task', 'hours_per_person')),
	CONSTRAINT "time_projects_reset_check" CHECK ("time_projects"."budget_reset" in ('never', 'monthly')),
	CONSTRAINT "time_projects_money_check" CHECK ("time_projects"."project_hours_rate" >= 0 and "time_projects"."total_project_fee" >= 0 and "time_projects"."fixed_fee" >= 0 and "time_projects"."total_project_minutes" >= 0),
	CONSTRAINT "time_projects_percent_check" CHECK ("time_projects"."percent_of_budget_exceed" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "time_timers" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"entry_id" uuid,
	"note" text,
	"meeting_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_timers_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "time_accounts" ADD CONSTRAINT "time_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_accounts" ADD CONSTRAINT "time_accounts_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_budget_alerts" ADD CONSTRAINT "time_budget_alerts_project_id_time_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."time_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_budget_alerts" ADD CONSTRAINT "time_budget_alerts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_budget_alerts" ADD CONSTRAINT "time_budget_alerts_issue_id_tasks_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_capacities" ADD CONSTRAINT "time_capacities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_capacities" ADD CONSTRAINT "time_capacities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_project_id_time_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."time_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_task_id_time_project_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."time_project_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_project_members" ADD CONSTRAINT "time_project_members_project_id_time_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."time_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_project_members" ADD CONSTRAINT "time_project_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_project_members" ADD CONSTRAINT "time_project_members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_project_tasks" ADD CONSTRAINT "time_project_tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_project_tasks" ADD CONSTRAINT "time_project_tasks_project_id_time_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."time_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_project_tasks" ADD CONSTRAINT "time_project_tasks_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_projects" ADD CONSTRAINT "time_projects_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_projects" ADD CONSTRAINT "time_projects_account_id_time_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."time_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_projects" ADD CONSTRAINT "time_projects_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_projects" ADD CONSTRAINT "time_projects_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_timers" ADD CONSTRAINT "time_timers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_timers" ADD CONSTRAINT "time_timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_timers" ADD CONSTRAINT "time_timers_project_id_time_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."time_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_timers" ADD CONSTRAINT "time_timers_task_id_time_project_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."time_project_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_timers" ADD CONSTRAINT "time_timers_entry_id_time_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."time_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_timers" ADD CONSTRAINT "time_timers_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_accounts_tenant_id_title_index" ON "time_accounts" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "time_entries_tenant_id_user_id_spent_on_index" ON "time_entries" USING btree ("tenant_id","user_id","spent_on");--> statement-breakpoint
CREATE INDEX "time_entries_project_id_spent_on_index" ON "time_entries" USING btree ("project_id","spent_on");--> statement-breakpoint
CREATE INDEX "time_entries_tenant_id_spent_on_index" ON "time_entries" USING btree ("tenant_id","spent_on");--> statement-breakpoint
CREATE INDEX "time_project_members_tenant_id_user_id_index" ON "time_project_members" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "time_project_tasks_project_id_sort_index" ON "time_project_tasks" USING btree ("project_id","sort");--> statement-breakpoint
CREATE INDEX "time_projects_tenant_id_account_id_index" ON "time_projects" USING btree ("tenant_id","account_id");