CREATE TABLE "app_integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_integrations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sponsor_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsor_id" integer NOT NULL,
	"sponsor_integration_id" integer NOT NULL,
	"scopes" text[] DEFAULT '{}' NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsor_integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsor_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"api_key_hash" text NOT NULL,
	"api_key_prefix" text NOT NULL,
	"key_rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsor_integrations_apiKeyHash_unique" UNIQUE("api_key_hash")
);
--> statement-breakpoint
CREATE TABLE "invitation_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"invitation_id" integer NOT NULL,
	"email" text NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsor_id" integer NOT NULL,
	"type" text NOT NULL,
	"invite_code" text NOT NULL,
	"max" integer DEFAULT 1 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"package_id" integer,
	"expire_time" timestamp with time zone,
	"default_invite_code" boolean DEFAULT false NOT NULL,
	"localize" text DEFAULT 'en' NOT NULL,
	"test_account" boolean DEFAULT false NOT NULL,
	"is_trusted_advisor" boolean DEFAULT false NOT NULL,
	"sponsored_trusted_advisor_id" integer[] DEFAULT '{}' NOT NULL,
	"created_by_user_id" integer,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_type_ck" CHECK ("invitations"."type" in ('strict','open')),
	CONSTRAINT "invitations_uses_ck" CHECK ("invitations"."max" >= 1 and "invitations"."uses" >= 0 and "invitations"."uses" <= "invitations"."max"),
	CONSTRAINT "invitations_strict_ck" CHECK ("invitations"."type" <> 'strict' or ("invitations"."email" is not null and not "invitations"."default_invite_code"))
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"actor_email" text,
	"actor_sponsor_id" integer,
	"sponsor_id" integer,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"outcome" text DEFAULT 'success' NOT NULL,
	"client_ip" text,
	"log_json" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sponsor_id" integer,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"template" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "failed_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsor_id" integer NOT NULL,
	"vault_id" integer,
	"holder_user_id" integer,
	"file_name" text NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"content_type" text,
	"reason" text NOT NULL,
	"detail" text,
	"status" text DEFAULT 'failed' NOT NULL,
	"reported_by_sponsor_integration_id" integer,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" integer,
	CONSTRAINT "failed_uploads_reason_ck" CHECK ("failed_uploads"."reason" in ('too_large','virus','type','storage_error')),
	CONSTRAINT "failed_uploads_status_ck" CHECK ("failed_uploads"."status" in ('failed','retry_requested','dismissed'))
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sponsor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"file_name" text NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "base_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"storage_quota_bytes" bigint NOT NULL,
	"list_price_cents" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"billing_period" text DEFAULT 'monthly' NOT NULL,
	"features" text[] DEFAULT '{}' NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "base_packages_price_ck" CHECK ("base_packages"."list_price_cents" >= 0 and "base_packages"."storage_quota_bytes" >= 0),
	CONSTRAINT "base_packages_period_ck" CHECK ("base_packages"."billing_period" in ('monthly','annual','one_time'))
);
--> statement-breakpoint
CREATE TABLE "package_sponsor" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"sponsor_id" integer NOT NULL,
	"price_sale_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_sponsor_uq" UNIQUE("sponsor_id","package_id"),
	CONSTRAINT "package_sponsor_price_ck" CHECK ("package_sponsor"."price_sale_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "advisors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"owner_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsor_admins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sponsor_id" integer NOT NULL,
	"group_id" integer,
	"title" text,
	"has_corporate_vault_access" boolean DEFAULT false NOT NULL,
	"has_private_folders_access" boolean DEFAULT true NOT NULL,
	"has_template_access" boolean DEFAULT false NOT NULL,
	"has_document_review_access" boolean DEFAULT false NOT NULL,
	"has_document_retention_access" boolean DEFAULT false NOT NULL,
	"has_document_expiring_access" boolean DEFAULT false NOT NULL,
	"has_manage_mfa_access" boolean DEFAULT false NOT NULL,
	"has_custodian_manage_access" boolean DEFAULT false NOT NULL,
	"has_integration_access" boolean DEFAULT false NOT NULL,
	"has_enterprise_dashboard_access" boolean DEFAULT false NOT NULL,
	"has_advisor_dashboard_access" boolean DEFAULT false NOT NULL,
	"has_vault_group_creation_permission" boolean DEFAULT false NOT NULL,
	"has_sub_portal_manage_permission" boolean DEFAULT false NOT NULL,
	"show_in_contacts" boolean DEFAULT false NOT NULL,
	"has_unfiled_tab_access" boolean DEFAULT false NOT NULL,
	"has_reminder_tab_access" boolean DEFAULT false NOT NULL,
	"has_archive_vault_access" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsor_admins_userId_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "sponsored_advisors" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sponsor_id" integer NOT NULL,
	"group_id" integer,
	"owner_email" text,
	"permissions" text[] DEFAULT '{}' NOT NULL,
	"vault_activation_permission" boolean DEFAULT false NOT NULL,
	"has_private_folders_access" boolean DEFAULT false NOT NULL,
	"has_enterprise_dashboard_access" boolean DEFAULT false NOT NULL,
	"has_advisor_dashboard_access" boolean DEFAULT false NOT NULL,
	"has_document_review_access" boolean DEFAULT false NOT NULL,
	"has_document_expiring_access" boolean DEFAULT false NOT NULL,
	"has_document_retention_access" boolean DEFAULT false NOT NULL,
	"has_archive_vault_access" boolean DEFAULT false NOT NULL,
	"has_unfiled_tab_access" boolean DEFAULT false NOT NULL,
	"has_reminder_tab_access" boolean DEFAULT false NOT NULL,
	"has_manage_mfa_access" boolean DEFAULT false NOT NULL,
	"has_recent_document_access" boolean DEFAULT false NOT NULL,
	"show_in_contacts" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsor_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsor_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsor_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsor_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"parent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsors" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsor_code" text NOT NULL,
	"name" text NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"status_id" integer DEFAULT 1 NOT NULL,
	"has_category" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsor_id" integer NOT NULL,
	"name" text NOT NULL,
	"folders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"username" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"client_ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"sponsor_id" integer,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"password_hash" text,
	"status_id" integer DEFAULT 3 NOT NULL,
	"mfa_enabled" boolean DEFAULT false NOT NULL,
	"mfa_secret" text,
	"test_account" boolean DEFAULT false NOT NULL,
	"localize" text DEFAULT 'en' NOT NULL,
	"last_login_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_ck" CHECK ("users"."role" in ('staff','sponsor_admin','vault_holder','advisor'))
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vault_id" integer NOT NULL,
	"name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_advisors" (
	"vault_id" integer NOT NULL,
	"advisor_user_id" integer NOT NULL,
	CONSTRAINT "vault_advisors_vault_id_advisor_user_id_pk" PRIMARY KEY("vault_id","advisor_user_id")
);
--> statement-breakpoint
CREATE TABLE "vault_holders" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sponsor_id" integer NOT NULL,
	"organization_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vaults" (
	"id" serial PRIMARY KEY NOT NULL,
	"holder_user_id" integer NOT NULL,
	"sponsor_id" integer NOT NULL,
	"package_id" integer,
	"license" text DEFAULT 'trial' NOT NULL,
	"tag" text DEFAULT 'individual' NOT NULL,
	"entity_type" text,
	"group_id" integer,
	"template_id" integer,
	"storage_used_bytes" bigint DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"archived_by_user_id" integer,
	"archive_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vaults_holderUserId_unique" UNIQUE("holder_user_id"),
	CONSTRAINT "vaults_license_ck" CHECK ("vaults"."license" in ('trial','monthly','annual')),
	CONSTRAINT "vaults_tag_ck" CHECK ("vaults"."tag" in ('individual','business','family'))
);
--> statement-breakpoint
ALTER TABLE "sponsor_authorizations" ADD CONSTRAINT "sponsor_authorizations_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_authorizations" ADD CONSTRAINT "sponsor_authorizations_sponsor_integration_id_sponsor_integrations_id_fk" FOREIGN KEY ("sponsor_integration_id") REFERENCES "public"."sponsor_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_authorizations" ADD CONSTRAINT "sponsor_authorizations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_integrations" ADD CONSTRAINT "sponsor_integrations_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_integrations" ADD CONSTRAINT "sponsor_integrations_integration_id_app_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."app_integrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_redemptions" ADD CONSTRAINT "invitation_redemptions_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_package_id_base_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."base_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_uploads" ADD CONSTRAINT "failed_uploads_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_uploads" ADD CONSTRAINT "failed_uploads_vault_id_vaults_id_fk" FOREIGN KEY ("vault_id") REFERENCES "public"."vaults"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_uploads" ADD CONSTRAINT "failed_uploads_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_uploads" ADD CONSTRAINT "failed_uploads_reported_by_sponsor_integration_id_sponsor_integrations_id_fk" FOREIGN KEY ("reported_by_sponsor_integration_id") REFERENCES "public"."sponsor_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_uploads" ADD CONSTRAINT "failed_uploads_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_sponsor" ADD CONSTRAINT "package_sponsor_package_id_base_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."base_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_sponsor" ADD CONSTRAINT "package_sponsor_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisors" ADD CONSTRAINT "advisors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_admins" ADD CONSTRAINT "sponsor_admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_admins" ADD CONSTRAINT "sponsor_admins_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_admins" ADD CONSTRAINT "sponsor_admins_group_id_sponsor_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."sponsor_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_advisors" ADD CONSTRAINT "sponsored_advisors_user_id_advisors_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."advisors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_advisors" ADD CONSTRAINT "sponsored_advisors_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_advisors" ADD CONSTRAINT "sponsored_advisors_group_id_sponsor_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."sponsor_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_categories" ADD CONSTRAINT "sponsor_categories_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_groups" ADD CONSTRAINT "sponsor_groups_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_groups" ADD CONSTRAINT "sponsor_groups_parent_id_sponsor_groups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sponsor_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsors" ADD CONSTRAINT "sponsors_status_id_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_id_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_vault_id_vaults_id_fk" FOREIGN KEY ("vault_id") REFERENCES "public"."vaults"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_advisors" ADD CONSTRAINT "vault_advisors_vault_id_vaults_id_fk" FOREIGN KEY ("vault_id") REFERENCES "public"."vaults"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_advisors" ADD CONSTRAINT "vault_advisors_advisor_user_id_advisors_user_id_fk" FOREIGN KEY ("advisor_user_id") REFERENCES "public"."advisors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_holders" ADD CONSTRAINT "vault_holders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_holders" ADD CONSTRAINT "vault_holders_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaults" ADD CONSTRAINT "vaults_holder_user_id_vault_holders_user_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."vault_holders"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaults" ADD CONSTRAINT "vaults_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaults" ADD CONSTRAINT "vaults_group_id_sponsor_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."sponsor_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaults" ADD CONSTRAINT "vaults_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaults" ADD CONSTRAINT "vaults_archived_by_user_id_users_id_fk" FOREIGN KEY ("archived_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaults" ADD CONSTRAINT "vaults_package_fk" FOREIGN KEY ("sponsor_id","package_id") REFERENCES "public"."package_sponsor"("sponsor_id","package_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sponsor_authorizations_sponsor_idx" ON "sponsor_authorizations" USING btree ("sponsor_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsor_integrations_uq" ON "sponsor_integrations" USING btree ("sponsor_id","integration_id");--> statement-breakpoint
CREATE INDEX "invitation_redemptions_inv_idx" ON "invitation_redemptions" USING btree ("invitation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_default_uq" ON "invitations" USING btree ("sponsor_id") WHERE "invitations"."default_invite_code";--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_open_code_uq" ON "invitations" USING btree ("sponsor_id",lower("invite_code")) WHERE "invitations"."type" = 'open';--> statement-breakpoint
CREATE INDEX "invitations_sponsor_idx" ON "invitations" USING btree ("sponsor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_sponsor_time_idx" ON "audit_log" USING btree ("sponsor_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_time_idx" ON "audit_log" USING btree ("occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "failed_uploads_sponsor_idx" ON "failed_uploads" USING btree ("sponsor_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "base_packages_name_uq" ON "base_packages" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "package_sponsor_package_idx" ON "package_sponsor" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "sponsor_admins_sponsor_idx" ON "sponsor_admins" USING btree ("sponsor_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsored_advisors_uq" ON "sponsored_advisors" USING btree ("sponsor_id","user_id");--> statement-breakpoint
CREATE INDEX "sponsored_advisors_sponsor_idx" ON "sponsored_advisors" USING btree ("sponsor_id","id");--> statement-breakpoint
CREATE INDEX "sponsored_advisors_group_idx" ON "sponsored_advisors" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsor_categories_uq" ON "sponsor_categories" USING btree ("sponsor_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsor_groups_code_uq" ON "sponsor_groups" USING btree ("sponsor_id",lower("code"));--> statement-breakpoint
CREATE INDEX "sponsor_groups_parent_idx" ON "sponsor_groups" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsors_code_uq" ON "sponsors" USING btree (lower("sponsor_code"));--> statement-breakpoint
CREATE INDEX "sponsors_name_trgm" ON "sponsors" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "templates_name_uq" ON "templates" USING btree ("sponsor_id","name");--> statement-breakpoint
CREATE INDEX "password_tokens_user_idx" ON "password_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("role",coalesce("sponsor_id", 0),lower("email"));--> statement-breakpoint
CREATE INDEX "users_sponsor_role_idx" ON "users" USING btree ("sponsor_id","role","id");--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_trgm" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_vault_idx" ON "documents" USING btree ("vault_id");--> statement-breakpoint
CREATE INDEX "vault_advisors_advisor_idx" ON "vault_advisors" USING btree ("advisor_user_id");--> statement-breakpoint
CREATE INDEX "vaults_sponsor_idx" ON "vaults" USING btree ("sponsor_id","id");--> statement-breakpoint
CREATE INDEX "vaults_package_idx" ON "vaults" USING btree ("sponsor_id","package_id");--> statement-breakpoint
CREATE INDEX "vaults_group_idx" ON "vaults" USING btree ("group_id");