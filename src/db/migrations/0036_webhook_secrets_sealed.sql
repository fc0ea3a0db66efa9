ALTER TABLE "webhooks" ALTER COLUMN "secret" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "sealed_secret" "bytea";--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "sealed_previous_secret" "bytea";