CREATE TABLE "cascading_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"text" text NOT NULL,
	"audience" text NOT NULL,
	"audience_meeting_id" uuid,
	"audience_group_id" uuid,
	"sent_at" timestamp with time zone,
	"recipient_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "cascading_messages_audience_check" CHECK ("cascading_messages"."audience" in ('meeting', 'group', 'everyone'))
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "owner_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "type_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cascading_messages" ADD CONSTRAINT "cascading_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cascading_messages" ADD CONSTRAINT "cascading_messages_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cascading_messages" ADD CONSTRAINT "cascading_messages_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cascading_messages" ADD CONSTRAINT "cascading_messages_audience_meeting_id_meetings_id_fk" FOREIGN KEY ("audience_meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cascading_messages" ADD CONSTRAINT "cascading_messages_audience_group_id_user_groups_id_fk" FOREIGN KEY ("audience_group_id") REFERENCES "public"."user_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cascading_messages" ADD CONSTRAINT "cascading_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cascading_messages" ADD CONSTRAINT "cascading_messages_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cascading_messages_session_id_created_at_index" ON "cascading_messages" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "cascading_messages_tenant_id_meeting_id_index" ON "cascading_messages" USING btree ("tenant_id","meeting_id");--> statement-breakpoint
CREATE INDEX "cascading_messages_audience_meeting_id_index" ON "cascading_messages" USING btree ("audience_meeting_id") WHERE "cascading_messages"."audience_meeting_id" is not null;--> statement-breakpoint
CREATE INDEX "cascading_messages_audience_group_id_index" ON "cascading_messages" USING btree ("audience_group_id") WHERE "cascading_messages"."audience_group_id" is not null;--> statement-breakpoint
-- When a card's owner, type and status last changed, whichever path changed them (decision 080).
CREATE FUNCTION "tasks_mark_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS DISTINCT FROM OLD.user_id THEN NEW.owner_changed_at := now(); END IF;
  IF NEW.type IS DISTINCT FROM OLD.type THEN NEW.type_changed_at := now(); END IF;
  IF NEW.status IS DISTINCT FROM OLD.status THEN NEW.status_changed_at := now(); END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "tasks_mark_changes" BEFORE UPDATE ON "tasks"
  FOR EACH ROW EXECUTE FUNCTION "tasks_mark_changes"();--> statement-breakpoint
-- The default agenda's Cascading Messages and Recap steps get their own kinds (decision 081).
UPDATE "agenda_items" SET "key_name" = 'cascading_messages'
  WHERE "key_name" = 'free_activity' AND lower(trim("title")) = 'cascading messages';--> statement-breakpoint
UPDATE "agenda_items" SET "key_name" = 'todo_recap'
  WHERE "key_name" = 'free_activity' AND lower(trim("title")) = 'recap';
