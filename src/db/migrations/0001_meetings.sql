CREATE TABLE "agenda_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"title" text NOT NULL,
	"key_name" text NOT NULL,
	"sort" integer NOT NULL,
	"checked" boolean DEFAULT true NOT NULL,
	"duration" integer DEFAULT 5 NOT NULL,
	"description" text,
	"embed_url" text,
	"board_id" uuid,
	"board_list_id" uuid,
	CONSTRAINT "agenda_items_duration_check" CHECK ("agenda_items"."duration" >= 0)
);
--> statement-breakpoint
CREATE TABLE "file_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_folders_name_unique" UNIQUE NULLS NOT DISTINCT("meeting_id","parent_id","name")
);
--> statement-breakpoint
CREATE TABLE "meeting_folder_entries" (
	"user_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"folder_id" uuid NOT NULL,
	CONSTRAINT "meeting_folder_entries_user_id_meeting_id_pk" PRIMARY KEY("user_id","meeting_id")
);
--> statement-breakpoint
CREATE TABLE "meeting_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_people" (
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "meeting_people_meeting_id_role_user_id_pk" PRIMARY KEY("meeting_id","role","user_id"),
	CONSTRAINT "meeting_people_role_check" CHECK ("meeting_people"."role" in ('leader', 'member'))
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"type" text DEFAULT 'meeting' NOT NULL,
	"color" text,
	"image" text,
	"location" text,
	"sharepoint_url" text,
	"facebook_group_url" text,
	"file_drive_url" text,
	"start_date" date NOT NULL,
	"start_time" text NOT NULL,
	"timezone" text NOT NULL,
	"repeat_every" integer DEFAULT 1 NOT NULL,
	"repeat_type" text,
	"no_of_cycles" integer,
	"end_date" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "meetings_tenant_id_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "meetings_type_check" CHECK ("meetings"."type" in ('meeting', 'team', 'account')),
	CONSTRAINT "meetings_repeat_type_check" CHECK ("meetings"."repeat_type" is null or "meetings"."repeat_type" in ('days', 'weeks', 'months', 'years')),
	CONSTRAINT "meetings_repeat_every_check" CHECK ("meetings"."repeat_every" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"session_date" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"note" text,
	"link" text,
	"current_step" integer DEFAULT 0 NOT NULL,
	"last_step_started_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"started_by" uuid,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_meeting_id_session_date_unique" UNIQUE("meeting_id","session_date")
);
--> statement-breakpoint
CREATE TABLE "shortcut_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"folder_id" uuid,
	"name" text NOT NULL,
	"extension" text,
	"external_link" text NOT NULL,
	"description" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid
);
--> statement-breakpoint
ALTER TABLE "agenda_items" ADD CONSTRAINT "agenda_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_items" ADD CONSTRAINT "agenda_items_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_folders" ADD CONSTRAINT "file_folders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_folders" ADD CONSTRAINT "file_folders_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_folders" ADD CONSTRAINT "file_folders_parent_id_file_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."file_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_folder_entries" ADD CONSTRAINT "meeting_folder_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_folder_entries" ADD CONSTRAINT "meeting_folder_entries_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_folder_entries" ADD CONSTRAINT "meeting_folder_entries_folder_id_meeting_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."meeting_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_folders" ADD CONSTRAINT "meeting_folders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_folders" ADD CONSTRAINT "meeting_folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_people" ADD CONSTRAINT "meeting_people_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_people" ADD CONSTRAINT "meeting_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_tenant_id_meeting_id_meetings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","meeting_id") REFERENCES "public"."meetings"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortcut_files" ADD CONSTRAINT "shortcut_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortcut_files" ADD CONSTRAINT "shortcut_files_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortcut_files" ADD CONSTRAINT "shortcut_files_folder_id_file_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."file_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortcut_files" ADD CONSTRAINT "shortcut_files_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenda_items_meeting_id_sort_index" ON "agenda_items" USING btree ("meeting_id","sort");--> statement-breakpoint
CREATE INDEX "meeting_folder_entries_folder_id_index" ON "meeting_folder_entries" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "meeting_folders_tenant_id_user_id_index" ON "meeting_folders" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "meeting_people_user_id_meeting_id_index" ON "meeting_people" USING btree ("user_id","meeting_id");--> statement-breakpoint
CREATE INDEX "meetings_tenant_id_title_index" ON "meetings" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "sessions_meeting_id_starts_at_index" ON "sessions" USING btree ("meeting_id","starts_at");--> statement-breakpoint
CREATE INDEX "sessions_unfinished_index" ON "sessions" USING btree ("meeting_id","starts_at") WHERE "sessions"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "sessions_live_index" ON "sessions" USING btree ("meeting_id") WHERE "sessions"."started_at" is not null and "sessions"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "shortcut_files_meeting_id_folder_id_index" ON "shortcut_files" USING btree ("meeting_id","folder_id");