CREATE TABLE "mfa_passkeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"credential_id" text NOT NULL UNIQUE,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}' NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "mfa_passkeys_user_idx" ON "mfa_passkeys" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_hash" text NOT NULL UNIQUE,
	"purpose" text NOT NULL CONSTRAINT "webauthn_challenges_purpose_ck" CHECK ("purpose" in ('register','second_factor','sign_in')),
	"user_id" integer REFERENCES "users"("id") ON DELETE cascade,
	"mfa_challenge_id" integer REFERENCES "mfa_challenges"("id") ON DELETE cascade,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "webauthn_challenges_user_idx" ON "webauthn_challenges" USING btree ("user_id") WHERE "webauthn_challenges"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "webauthn_challenges_mfa_challenge_idx" ON "webauthn_challenges" USING btree ("mfa_challenge_id") WHERE "webauthn_challenges"."mfa_challenge_id" is not null;
