-- Issue 30, defect 2: sign-in attempts are reserved (counted) before they are checked, in one upsert;
-- the row answers whether this reservation counted, which an upsert can only tell through a column.
ALTER TABLE "sign_in_throttle" ADD COLUMN "last_counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Issue 30, defect 3: adding or replacing a second factor needs a fresh proof of identity, kept on the session.
ALTER TABLE "sessions" ADD COLUMN "identity_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" DROP CONSTRAINT "webauthn_challenges_purpose_ck";--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_purpose_ck" CHECK ("purpose" in ('register','second_factor','sign_in','step_up'));
