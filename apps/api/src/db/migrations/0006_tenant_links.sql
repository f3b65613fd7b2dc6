ALTER TABLE "sponsor_admins" ADD COLUMN "has_manage_admins_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sponsored_advisors" ADD COLUMN "status_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sponsored_advisors" ADD COLUMN "test_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "sponsored_advisors" SET "status_id" = 2 FROM "users" WHERE "users"."id" = "sponsored_advisors"."user_id" AND "users"."status_id" = 2;--> statement-breakpoint
UPDATE "sponsored_advisors" SET "test_account" = "users"."test_account" FROM "users" WHERE "users"."id" = "sponsored_advisors"."user_id";--> statement-breakpoint
ALTER TABLE "sponsored_advisors" ADD CONSTRAINT "sponsored_advisors_status_ck" CHECK ("status_id" in (1, 2));
