CREATE TABLE "workspace_logos" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"primary_color1" text,
	"primary_color2" text,
	"primary_color3" text,
	"primary_color4" text,
	"secondary_color1" text,
	"secondary_color2" text,
	"secondary_color3" text,
	"secondary_color4" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "annuals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"is_calendar_year" text DEFAULT '1' NOT NULL,
	"start_date" date NOT NULL,
	"start2" date NOT NULL,
	"start3" date NOT NULL,
	"start4" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "annuals_tenantId_year_unique" UNIQUE("tenant_id","year"),
	CONSTRAINT "annuals_calendar_check" CHECK ("annuals"."is_calendar_year" in ('0', '1')),
	CONSTRAINT "annuals_order_check" CHECK ("annuals"."start_date" < "annuals"."start2" and "annuals"."start2" < "annuals"."start3" and "annuals"."start3" < "annuals"."start4" and "annuals"."start4" <= "annuals"."end_date")
);
--> statement-breakpoint
ALTER TABLE "workspace_logos" ADD CONSTRAINT "workspace_logos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD CONSTRAINT "workspace_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD CONSTRAINT "workspace_settings_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annuals" ADD CONSTRAINT "annuals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annuals" ADD CONSTRAINT "annuals_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;