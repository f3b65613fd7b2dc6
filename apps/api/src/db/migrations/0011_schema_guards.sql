-- Foreign keys without an index: each delete of the referenced row (or a join on the key) scanned the
-- whole referencing table. Nullable keys get partial indexes, as 0003 and 0004 did.
CREATE INDEX "sponsor_authorizations_created_by_idx" ON "sponsor_authorizations" USING btree ("created_by_user_id") WHERE "sponsor_authorizations"."created_by_user_id" is not null;--> statement-breakpoint
CREATE INDEX "sponsor_authorizations_integration_idx" ON "sponsor_authorizations" USING btree ("sponsor_integration_id");--> statement-breakpoint
CREATE INDEX "sponsor_integrations_integration_idx" ON "sponsor_integrations" USING btree ("integration_id");--> statement-breakpoint
CREATE INDEX "invitations_created_by_idx" ON "invitations" USING btree ("created_by_user_id") WHERE "invitations"."created_by_user_id" is not null;--> statement-breakpoint
CREATE INDEX "invitations_package_idx" ON "invitations" USING btree ("package_id") WHERE "invitations"."package_id" is not null;--> statement-breakpoint
CREATE INDEX "failed_uploads_reported_by_idx" ON "failed_uploads" USING btree ("reported_by_sponsor_integration_id") WHERE "failed_uploads"."reported_by_sponsor_integration_id" is not null;--> statement-breakpoint
CREATE INDEX "failed_uploads_resolved_by_idx" ON "failed_uploads" USING btree ("resolved_by_user_id") WHERE "failed_uploads"."resolved_by_user_id" is not null;--> statement-breakpoint
CREATE INDEX "import_jobs_created_by_idx" ON "import_jobs" USING btree ("created_by_user_id") WHERE "import_jobs"."created_by_user_id" is not null;--> statement-breakpoint
CREATE INDEX "import_jobs_sponsor_idx" ON "import_jobs" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "sponsor_admins_group_idx" ON "sponsor_admins" USING btree ("group_id") WHERE "sponsor_admins"."group_id" is not null;--> statement-breakpoint
CREATE INDEX "sponsored_advisors_user_idx" ON "sponsored_advisors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sponsors_status_idx" ON "sponsors" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "vault_holders_sponsor_idx" ON "vault_holders" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "vaults_template_idx" ON "vaults" USING btree ("template_id") WHERE "vaults"."template_id" is not null;--> statement-breakpoint
-- Enumerated text columns accept only the values the code writes.
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_ck" CHECK ("email_outbox"."status" in ('pending','sending','sent','failed'));--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_status_ck" CHECK ("import_jobs"."status" in ('previewed','imported','failed'));--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_kind_ck" CHECK ("import_jobs"."kind" in ('vault_holders','invitations'));--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_purpose_ck" CHECK ("password_tokens"."purpose" in ('activation','reset'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_outcome_ck" CHECK ("audit_log"."outcome" in ('success','failure'));--> statement-breakpoint
-- A holder's sponsor is written in users, vault_holders and vaults. Composite keys make the copies
-- follow users.sponsor_id: a copy that differs is refused, and moving the user moves the copies.
ALTER TABLE "users" ADD CONSTRAINT "users_id_sponsor_uq" UNIQUE("id","sponsor_id");--> statement-breakpoint
ALTER TABLE "vault_holders" ADD CONSTRAINT "vault_holders_user_sponsor_uq" UNIQUE("user_id","sponsor_id");--> statement-breakpoint
ALTER TABLE "vault_holders" DROP CONSTRAINT "vault_holders_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "vault_holders" ADD CONSTRAINT "vault_holders_user_sponsor_fk" FOREIGN KEY ("user_id","sponsor_id") REFERENCES "public"."users"("id","sponsor_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vaults" DROP CONSTRAINT "vaults_holder_user_id_vault_holders_user_id_fk";--> statement-breakpoint
ALTER TABLE "vaults" ADD CONSTRAINT "vaults_holder_sponsor_fk" FOREIGN KEY ("holder_user_id","sponsor_id") REFERENCES "public"."vault_holders"("user_id","sponsor_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- The row trigger of 0002 cannot see TRUNCATE; a statement trigger refuses it too.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
