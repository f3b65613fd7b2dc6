-- Issue 33, parts 1 to 3: the audit log becomes a hash chain with signed checkpoints
-- (decision 0040; the exact bytes hashed are described in docs/audit-verification.md).
--
-- One chain per portal (sponsor_id) and one for entries with no portal (sponsor_id null, chain 0).
-- Every entry carries its place in its chain (chain_seq, 1, 2, 3 … with no gap), the hash of the
-- entry before it (prev_hash; 64 zeros for the first) and its own hash:
--   hash = hex(SHA-256(UTF-8(prev_hash || canonical JSON of the entry)))
-- A BEFORE INSERT trigger fills the three columns, so every writer (the services, bulk imports,
-- fixtures, plain SQL) chains the same way in the same transaction. It first takes a
-- transaction-scoped advisory lock keyed by the chain, so of several instances writing at once
-- one appends at a time and the chain never forks; the unique (chain, seq) index refuses a fork
-- even if the lock were bypassed.
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
-- The canonical JSON of an entry (RFC 8785 style: keys sorted, no white space, strings escaped as
-- JSON.stringify does). Timestamps in UTC with microseconds; logJson is the text PostgreSQL gives
-- for the stored jsonb, hashed as a string. The same rules are written in TypeScript in
-- apps/api/src/modules/audit/chain/canonical.ts; a test keeps the two equal.
CREATE OR REPLACE FUNCTION audit_entry_canonical(e audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"action":' || to_json(e.action)::text
    || ',"actorEmail":' || coalesce(to_json(e.actor_email)::text, 'null')
    || ',"actorSponsorId":' || coalesce(e.actor_sponsor_id::text, 'null')
    || ',"actorUserId":' || coalesce(e.actor_user_id::text, 'null')
    || ',"clientIp":' || coalesce(to_json(e.client_ip)::text, 'null')
    || ',"id":' || e.id::text
    || ',"logJson":' || to_json(e.log_json::text)::text
    || ',"occurredAt":"' || to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '"'
    || ',"outcome":' || to_json(e.outcome)::text
    || ',"seq":' || e.chain_seq::text
    || ',"sponsorId":' || coalesce(e.sponsor_id::text, 'null')
    || ',"targetId":' || coalesce(to_json(e.target_id)::text, 'null')
    || ',"targetType":' || coalesce(to_json(e.target_type)::text, 'null')
    || '}'
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_entry_hash(prev text, e audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(prev || audit_entry_canonical(e), 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- Existing entries are chained in the order they were written (id), portal by portal, so a
-- verification of an upgraded database starts whole from the first entry.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update_delete";--> statement-breakpoint
DO $$
DECLARE
  r audit_log;
  chain integer := -1;
  prev text;
  n bigint;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY coalesce(sponsor_id, 0), id LOOP
    IF coalesce(r.sponsor_id, 0) <> chain THEN
      chain := coalesce(r.sponsor_id, 0);
      prev := repeat('0', 64);
      n := 0;
    END IF;
    n := n + 1;
    r.chain_seq := n;
    r.prev_hash := prev;
    r.hash := audit_entry_hash(prev, r);
    UPDATE audit_log SET chain_seq = r.chain_seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    prev := r.hash;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update_delete";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "chain_seq" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "chain_seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_prev_hash_ck" CHECK ("audit_log"."prev_hash" ~ '^[0-9a-f]{64}$');--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_hash_ck" CHECK ("audit_log"."hash" ~ '^[0-9a-f]{64}$');--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_seq_idx" ON "audit_log" USING btree (coalesce("sponsor_id", 0),"chain_seq");--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(815104735, coalesce(NEW.sponsor_id, 0));
  SELECT chain_seq, hash INTO last_seq, last_hash FROM audit_log
    WHERE coalesce(sponsor_id, 0) = coalesce(NEW.sponsor_id, 0)
    ORDER BY coalesce(sponsor_id, 0) DESC, chain_seq DESC LIMIT 1;
  NEW.chain_seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
  NEW.hash := audit_entry_hash(NEW.prev_hash, NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();--> statement-breakpoint
-- Append-only tables name themselves in the refusal.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- Signed checkpoints: a chain's hash at a seq, signed with the service's Ed25519 key (AUDIT_SIGNING_KEY).
CREATE TABLE "audit_checkpoints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sponsor_id" integer,
	"chain_seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "audit_checkpoints_hash_ck" CHECK ("audit_checkpoints"."hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "audit_checkpoints_key_id_ck" CHECK ("audit_checkpoints"."key_id" ~ '^[0-9a-f]{16}$'),
	CONSTRAINT "audit_checkpoints_signature_ck" CHECK ("audit_checkpoints"."signature" ~ '^[A-Za-z0-9+/]{86}==$'),
	CONSTRAINT "audit_checkpoints_reason_ck" CHECK ("audit_checkpoints"."reason" in ('daily','export'))
);--> statement-breakpoint
CREATE INDEX "audit_checkpoints_chain_idx" ON "audit_checkpoints" USING btree (coalesce("sponsor_id", 0),"chain_seq" DESC NULLS LAST);--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_update_delete BEFORE UPDATE OR DELETE ON audit_checkpoints
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_truncate BEFORE TRUNCATE ON audit_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
