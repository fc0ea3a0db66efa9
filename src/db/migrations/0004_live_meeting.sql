CREATE TABLE "session_archives" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"snapshot" jsonb NOT NULL,
	"avg_score" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_attendees" (
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"role_at_join" text NOT NULL,
	"joined_at" timestamp with time zone,
	"score" integer,
	"note" text,
	"not_attended" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "session_attendees_session_id_user_id_pk" PRIMARY KEY("session_id","user_id"),
	CONSTRAINT "session_attendees_score_check" CHECK ("session_attendees"."score" is null or "session_attendees"."score" between 1 and 10),
	CONSTRAINT "session_attendees_role_check" CHECK ("session_attendees"."role_at_join" in ('leader', 'member', 'other'))
);
--> statement-breakpoint
CREATE TABLE "session_guests" (
	"session_id" uuid NOT NULL,
	"email" text NOT NULL,
	"tenant_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by" uuid,
	CONSTRAINT "session_guests_session_id_email_pk" PRIMARY KEY("session_id","email")
);
--> statement-breakpoint
DROP INDEX "sessions_live_index";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "unscheduled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "session_archives" ADD CONSTRAINT "session_archives_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_archives" ADD CONSTRAINT "session_archives_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_archives" ADD CONSTRAINT "session_archives_tenant_id_meeting_id_meetings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","meeting_id") REFERENCES "public"."meetings"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendees" ADD CONSTRAINT "session_attendees_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendees" ADD CONSTRAINT "session_attendees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendees" ADD CONSTRAINT "session_attendees_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendees" ADD CONSTRAINT "session_attendees_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_guests" ADD CONSTRAINT "session_guests_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_guests" ADD CONSTRAINT "session_guests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_guests" ADD CONSTRAINT "session_guests_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_archives_meeting_id_index" ON "session_archives" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "session_attendees_user_id_index" ON "session_attendees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_live_index" ON "sessions" USING btree ("meeting_id") WHERE "sessions"."started_at" is not null and "sessions"."finished_at" is null;