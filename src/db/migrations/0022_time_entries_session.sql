-- Time entries on a meeting's session (decision 068): a removed session leaves the entry on its meeting.
ALTER TABLE "time_entries" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_entries_session_id_index" ON "time_entries" USING btree ("session_id") WHERE "time_entries"."session_id" is not null;