-- Issue 34, messages people read: each e-mail in its recipient's language, as HTML and plain text,
-- branded by the portal, with per-portal overrides of the subject and the opening text.
ALTER TABLE "email_outbox" ADD COLUMN "body_html" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_locale_ck" CHECK ("locale" in ('en','fr','de','es','it','nl'));--> statement-breakpoint
ALTER TABLE "sponsor_admins" ADD COLUMN "has_manage_messages_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- One row per portal, and one without a portal: the service's defaults, which staff set.
CREATE TABLE "message_branding" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsor_id" integer REFERENCES "sponsors"("id") ON DELETE CASCADE,
	"display_name" text,
	"accent_color" text,
	"reply_to" text,
	"footer" text,
	"time_zone" text,
	"logo" bytea,
	"logo_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_branding_accent_ck" CHECK ("accent_color" ~ '^#[0-9a-fA-F]{6}$'),
	CONSTRAINT "message_branding_logo_type_ck" CHECK ("logo_type" in ('image/png')),
	CONSTRAINT "message_branding_logo_ck" CHECK (("logo" is null) = ("logo_type" is null))
);--> statement-breakpoint
CREATE UNIQUE INDEX "message_branding_sponsor_uq" ON "message_branding" ("sponsor_id") WHERE "sponsor_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "message_branding_service_uq" ON "message_branding" ((true)) WHERE "sponsor_id" IS NULL;--> statement-breakpoint
CREATE TABLE "message_overrides" (
	"sponsor_id" integer NOT NULL REFERENCES "sponsors"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"locale" text NOT NULL,
	"subject" text NOT NULL,
	"intro" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_overrides_pk" PRIMARY KEY ("sponsor_id", "kind", "locale"),
	CONSTRAINT "message_overrides_kind_ck" CHECK ("kind" in ('invitation','activation','password_reset','resend_activation','failed_upload_retry','mfa_reset_notice')),
	CONSTRAINT "message_overrides_locale_ck" CHECK ("locale" in ('en','fr','de','es','it','nl'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "reply_to" text;
