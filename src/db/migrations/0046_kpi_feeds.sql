CREATE TABLE "kpi_fed_values" (
	"tenant_id" uuid NOT NULL,
	"score_id" uuid NOT NULL,
	"on_date" date NOT NULL,
	"session_id" uuid,
	"measured" text NOT NULL,
	"note" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kpi_fed_values_score_id_on_date_pk" PRIMARY KEY("score_id","on_date"),
	CONSTRAINT "kpi_fed_values_measured_check" CHECK ("kpi_fed_values"."measured" ~ '^-?[0-9]+([.][0-9]+)?$')
);
--> statement-breakpoint
CREATE TABLE "kpi_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"score_id" uuid NOT NULL,
	"sealed_secret" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"secret_set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_received_at" timestamp with time zone,
	CONSTRAINT "kpi_feeds_scoreId_unique" UNIQUE("score_id")
);
--> statement-breakpoint
ALTER TABLE "kpi_fed_values" ADD CONSTRAINT "kpi_fed_values_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_fed_values" ADD CONSTRAINT "kpi_fed_values_score_id_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_fed_values" ADD CONSTRAINT "kpi_fed_values_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_feeds" ADD CONSTRAINT "kpi_feeds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_feeds" ADD CONSTRAINT "kpi_feeds_score_id_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_feeds" ADD CONSTRAINT "kpi_feeds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kpi_fed_values_session_id_index" ON "kpi_fed_values" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "kpi_feeds_tenant_id_index" ON "kpi_feeds" USING btree ("tenant_id");