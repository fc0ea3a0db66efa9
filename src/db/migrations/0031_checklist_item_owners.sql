ALTER TABLE "checklist_items" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_items_tenant_id_owner_id_index" ON "checklist_items" USING btree ("tenant_id","owner_id");