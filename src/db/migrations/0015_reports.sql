CREATE TABLE "workspace_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"storage_key" text,
	"size" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "workspace_exports_status_check" CHECK ("workspace_exports"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "workspace_exports_progress_check" CHECK ("workspace_exports"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "session_archives" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(snapshot->>'meetingTitle', '')), 'A') ||
  setweight(jsonb_to_tsvector('english'::regconfig,
    coalesce(jsonb_path_query_array(snapshot, '$.issuesSolved[*].items[*].title'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.todosCreated[*].items[*].title'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.issuesCreated[*].items[*].title'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.headlines[*].items[*].title'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.goalsCreated[*].items[*].title'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.goalsFinished[*].items[*].title'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.completedActionItems[*].items[*].title'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.scores[*].note'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.scores[*].fullName'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.attendeesAdmins[*].fullName'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.attendeesMembers[*].fullName'), '[]'::jsonb),
    '["string"]'), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "workspace_exports" ADD CONSTRAINT "workspace_exports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_exports" ADD CONSTRAINT "workspace_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_exports_tenant_id_created_at_index" ON "workspace_exports" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "session_archives_search_index" ON "session_archives" USING gin ("search");--> statement-breakpoint
CREATE INDEX "session_archives_tenant_index" ON "session_archives" USING btree ("tenant_id","meeting_id");--> statement-breakpoint
CREATE INDEX "sessions_note_search_index" ON "sessions" USING gin (to_tsvector('english'::regconfig, coalesce("note", ''))) WHERE "sessions"."finished_at" is not null;