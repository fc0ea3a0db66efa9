-- The vault's audit outlives its meeting, entries, folders and people (decision 063): the
-- meeting and the person become plain ids, the meeting's title is kept with each row.
ALTER TABLE "vault_audit" DROP CONSTRAINT "vault_audit_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "vault_audit" DROP CONSTRAINT "vault_audit_tenant_id_meeting_id_meetings_tenant_id_id_fk";
--> statement-breakpoint
ALTER TABLE "vault_audit" ADD COLUMN "meeting_title" text;--> statement-breakpoint
UPDATE "vault_audit" AS a SET "meeting_title" = m."title"
  FROM "meetings" AS m WHERE m."tenant_id" = a."tenant_id" AND m."id" = a."meeting_id";--> statement-breakpoint
ALTER TABLE "vault_audit" ALTER COLUMN "meeting_title" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "vault_audit_tenant_id_at_index" ON "vault_audit" USING btree ("tenant_id","at");--> statement-breakpoint
-- Only inserted: no UPDATE ever, and no DELETE unless its workspace is being deleted (the
-- tenant's ON DELETE CASCADE runs after the tenant's row is gone, so the check below sees it gone).
CREATE FUNCTION "vault_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "tenants" WHERE "id" = OLD."tenant_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'vault_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "vault_audit_append_only" BEFORE UPDATE OR DELETE ON "vault_audit"
  FOR EACH ROW EXECUTE FUNCTION "vault_audit_append_only"();
--> statement-breakpoint
CREATE FUNCTION "vault_audit_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'vault_audit is append-only: TRUNCATE refused' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "vault_audit_no_truncate" BEFORE TRUNCATE ON "vault_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION "vault_audit_no_truncate"();
