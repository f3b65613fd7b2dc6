-- Issue 32, SAML 2.0 sign-in (decision 0039). Both tables live in PostgreSQL, not in a process,
-- because the identity provider's answer may reach any instance.
-- The AuthnRequests this portal sent and not yet seen answered: a response's InResponseTo must name one
-- of them, of the same portal, once. Short-lived; the cleanup job removes the expired ones.
CREATE TABLE "saml_requests" (
	"id" text PRIMARY KEY NOT NULL CONSTRAINT "saml_requests_id_ck" CHECK ("id" ~ '^_[0-9a-f]{40}$'),
	"sponsor_id" integer NOT NULL REFERENCES "sponsors"("id") ON DELETE cascade,
	"relay_state" text NOT NULL CONSTRAINT "saml_requests_relay_state_ck" CHECK ("relay_state" ~ '^[A-Za-z0-9_-]{43}$'),
	-- Hash of the starting browser's own cookie: the sign-in is handed over only to that browser.
	"browser_hash" text CONSTRAINT "saml_requests_browser_hash_ck" CHECK ("browser_hash" ~ '^[0-9a-f]{64}$'),
	-- "Test sign-in" by this user: the claims are shown, nobody is signed in.
	"test_by_user_id" integer REFERENCES "users"("id") ON DELETE cascade,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "saml_requests_sponsor_idx" ON "saml_requests" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "saml_requests_test_by_user_idx" ON "saml_requests" USING btree ("test_by_user_id") WHERE "saml_requests"."test_by_user_id" is not null;--> statement-breakpoint
CREATE INDEX "saml_requests_expires_idx" ON "saml_requests" USING btree ("expires_at");--> statement-breakpoint
-- The assertions already accepted, kept until they expire: the same assertion is refused a second time.
CREATE TABLE "saml_used_assertions" (
	"sponsor_id" integer NOT NULL REFERENCES "sponsors"("id") ON DELETE cascade,
	"assertion_id" text NOT NULL CONSTRAINT "saml_used_assertions_assertion_id_ck" CHECK (char_length("assertion_id") between 1 and 256),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saml_used_assertions_pk" PRIMARY KEY ("sponsor_id", "assertion_id")
);--> statement-breakpoint
CREATE INDEX "saml_used_assertions_expires_idx" ON "saml_used_assertions" USING btree ("expires_at");
