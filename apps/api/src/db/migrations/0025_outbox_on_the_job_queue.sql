-- Issue 33 part 5: the e-mail outbox is sent through the job queue (decision 0042). Each row says
-- where it stands: queued, sending, retrying (attempts, next_attempt_at), sent, failed (last_error).
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_ck";--> statement-breakpoint
DROP INDEX "email_outbox_pending_idx";--> statement-breakpoint
UPDATE "email_outbox" SET "status" = CASE WHEN "attempts" > 0 THEN 'retrying' ELSE 'queued' END WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "status" SET DEFAULT 'queued';--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_ck" CHECK ("email_outbox"."status" in ('queued','sending','retrying','sent','failed'));--> statement-breakpoint
CREATE INDEX "email_outbox_open_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" in ('queued','sending','retrying');
