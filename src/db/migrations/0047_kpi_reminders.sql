CREATE TABLE "kpi_reminder_settings" (
	"meeting_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"hours_before" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "kpi_reminder_settings_hours_check" CHECK ("kpi_reminder_settings"."hours_before" between 1 and 72)
);
--> statement-breakpoint
CREATE TABLE "kpi_reminders_sent" (
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kpi_reminders_sent_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "kpi_reminder_settings" ADD CONSTRAINT "kpi_reminder_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_reminder_settings" ADD CONSTRAINT "kpi_reminder_settings_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_reminder_settings" ADD CONSTRAINT "kpi_reminder_settings_tenant_id_meeting_id_meetings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","meeting_id") REFERENCES "public"."meetings"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_reminders_sent" ADD CONSTRAINT "kpi_reminders_sent_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_reminders_sent" ADD CONSTRAINT "kpi_reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_reminders_sent" ADD CONSTRAINT "kpi_reminders_sent_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kpi_reminder_settings_tenant_id_index" ON "kpi_reminder_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "kpi_reminders_sent_tenant_id_index" ON "kpi_reminders_sent" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "kpi_reminders_sent_user_id_index" ON "kpi_reminders_sent" USING btree ("user_id");