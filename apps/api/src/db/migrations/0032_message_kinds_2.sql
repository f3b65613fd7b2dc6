-- Issue 34: the single sign-on notice and the webhook-turned-off notice became message kinds with
-- their own texts in every language, so a portal may override them as it does the others.
ALTER TABLE "message_overrides" DROP CONSTRAINT "message_overrides_kind_ck";--> statement-breakpoint
ALTER TABLE "message_overrides" ADD CONSTRAINT "message_overrides_kind_ck" CHECK ("kind" in ('invitation','activation','password_reset','resend_activation','failed_upload_retry','mfa_reset_notice','sso_only_notice','webhook_disabled'));
--> statement-breakpoint
-- The Messages list reads a portal's newest messages first, and a person's page the messages sent to
-- their address: both by index, however many messages the service has sent.
CREATE INDEX "email_outbox_sponsor_idx" ON "email_outbox" USING btree ("sponsor_id", "id" DESC);--> statement-breakpoint
CREATE INDEX "email_outbox_recipient_idx" ON "email_outbox" USING btree ("sponsor_id", lower("to_address"), "id" DESC);
