-- Issue 32, enterprise sign-in (decisions 0037, 0038): each portal's identity provider, the e-mail
-- domains it claims, the sign-ins on their way through the provider and the hand-over to the portal.
ALTER TABLE "sponsor_admins" ADD COLUMN "has_manage_sign_in_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sso_break_glass" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "sso_settings" (
	"sponsor_id" integer PRIMARY KEY NOT NULL REFERENCES "sponsors"("id") ON DELETE cascade,
	"protocol" text NOT NULL CONSTRAINT "sso_settings_protocol_ck" CHECK ("protocol" in ('oidc','saml')),
	"sso_only" boolean DEFAULT false NOT NULL,
	"jit" boolean DEFAULT false NOT NULL,
	"jit_role_preset" text CONSTRAINT "sso_settings_jit_role_preset_ck" CHECK ("jit_role_preset" in ('full','vault_manager','read_only')),
	"group_role_map" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mfa_authn_context" text,
	"oidc_issuer" text,
	"oidc_client_id" text,
	"oidc_client_secret" text,
	"oidc_scopes" text[] DEFAULT '{}' NOT NULL,
	"saml_metadata_xml" text,
	"saml_entity_id" text,
	"saml_sso_url" text,
	"saml_certificate" text,
	"saml_allow_idp_initiated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"sponsor_id" integer NOT NULL REFERENCES "sponsors"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_domains_lower_ck" CHECK ("domain" = lower("domain"))
);--> statement-breakpoint
CREATE INDEX "sso_domains_sponsor_idx" ON "sso_domains" USING btree ("sponsor_id");--> statement-breakpoint
CREATE TABLE "sso_logins" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL UNIQUE,
	"browser_hash" text NOT NULL,
	"sponsor_id" integer NOT NULL REFERENCES "sponsors"("id") ON DELETE cascade,
	"protocol" text NOT NULL CONSTRAINT "sso_logins_protocol_ck" CHECK ("protocol" in ('oidc','saml')),
	"nonce" text,
	"code_verifier" text,
	"test_by_user_id" integer REFERENCES "users"("id") ON DELETE cascade,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "sso_logins_sponsor_idx" ON "sso_logins" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "sso_logins_test_by_user_idx" ON "sso_logins" USING btree ("test_by_user_id") WHERE "sso_logins"."test_by_user_id" is not null;--> statement-breakpoint
CREATE INDEX "sso_logins_expires_idx" ON "sso_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "sso_handoffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL UNIQUE,
	"sponsor_id" integer NOT NULL REFERENCES "sponsors"("id") ON DELETE cascade,
	"user_id" integer REFERENCES "users"("id") ON DELETE cascade,
	"protocol" text NOT NULL CONSTRAINT "sso_handoffs_protocol_ck" CHECK ("protocol" in ('oidc','saml')),
	"second_factor_asserted" boolean DEFAULT false NOT NULL,
	"test_result" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "sso_handoffs_sponsor_idx" ON "sso_handoffs" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "sso_handoffs_user_idx" ON "sso_handoffs" USING btree ("user_id") WHERE "sso_handoffs"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "sso_handoffs_expires_idx" ON "sso_handoffs" USING btree ("expires_at");
