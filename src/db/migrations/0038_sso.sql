CREATE TABLE "sso_logins" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text,
	"nonce" text,
	"browser_hash" text NOT NULL,
	"return_to" text DEFAULT '/' NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"profile" jsonb,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_providers" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"sealed_client_secret" "bytea",
	"allowed_domains" text[] NOT NULL,
	"join_on_first_sign_in" boolean DEFAULT false NOT NULL,
	"require_sso" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid
);
--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_logins_expires_at_index" ON "sso_logins" USING btree ("expires_at");