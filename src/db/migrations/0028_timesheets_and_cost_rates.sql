CREATE TABLE "time_cost_rates" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"valid_from" date NOT NULL,
	"hourly_cost" numeric(14, 2) NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "time_cost_rates_tenant_id_user_id_valid_from_pk" PRIMARY KEY("tenant_id","user_id","valid_from"),
	CONSTRAINT "time_cost_rates_money_check" CHECK ("time_cost_rates"."hourly_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "time_weeks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"status" text NOT NULL,
	"comment" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "time_weeks_person_week" UNIQUE("tenant_id","user_id","week_start"),
	CONSTRAINT "time_weeks_status_check" CHECK ("time_weeks"."status" in ('submitted', 'approved', 'returned'))
);
--> statement-breakpoint
ALTER TABLE "time_cost_rates" ADD CONSTRAINT "time_cost_rates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_cost_rates" ADD CONSTRAINT "time_cost_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_cost_rates" ADD CONSTRAINT "time_cost_rates_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_weeks" ADD CONSTRAINT "time_weeks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_weeks" ADD CONSTRAINT "time_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_weeks" ADD CONSTRAINT "time_weeks_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_weeks_tenant_id_status_week_start_index" ON "time_weeks" USING btree ("tenant_id","status","week_start");