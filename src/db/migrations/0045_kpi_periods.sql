CREATE TABLE "score_period_cells" (
	"tenant_id" uuid NOT NULL,
	"score_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_kind" text NOT NULL,
	"measured" text,
	"note" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "score_period_cells_score_id_period_start_pk" PRIMARY KEY("score_id","period_start"),
	CONSTRAINT "score_period_cells_kind_check" CHECK ("score_period_cells"."period_kind" in ('month', 'quarter')),
	CONSTRAINT "score_period_cells_measured_check" CHECK ("score_period_cells"."measured" is null or "score_period_cells"."measured" ~ '^-?[0-9]+([.][0-9]+)?$')
);
--> statement-breakpoint
ALTER TABLE "score_period_cells" ADD CONSTRAINT "score_period_cells_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_period_cells" ADD CONSTRAINT "score_period_cells_score_id_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_period_cells" ADD CONSTRAINT "score_period_cells_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_period_cells_tenant_id_index" ON "score_period_cells" USING btree ("tenant_id");