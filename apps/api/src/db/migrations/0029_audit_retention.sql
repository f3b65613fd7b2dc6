-- Issue 33, part 4: audit retention (decision 0045).
--
-- audit_log becomes a table partitioned by month (RANGE on occurred_at, month bounds in UTC), so an
-- expired month is dropped whole (DETACH + DROP) instead of deleted row by row through the
-- append-only trigger. The primary key now includes occurred_at (a partitioned table's unique keys
-- must hold its partition key). The chain's unique (chain, seq) cannot be one index across
-- partitions, so each partition gets its own unique (chain, seq) index (audit_log_ensure_month
-- makes it with the partition); across partitions the chain trigger's advisory lock keeps one
-- writer per chain, as before.
ALTER TABLE "audit_log" RENAME TO "audit_log_unpartitioned";--> statement-breakpoint
ALTER INDEX "audit_log_pkey" RENAME TO "audit_log_unpartitioned_pkey";--> statement-breakpoint
ALTER SEQUENCE "audit_log_id_seq" OWNED BY NONE;--> statement-breakpoint
-- The hash functions take the table's row type; it went with the rename, so they are made again below.
DROP FUNCTION audit_entry_hash(text, audit_log_unpartitioned);--> statement-breakpoint
DROP FUNCTION audit_entry_canonical(audit_log_unpartitioned);--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint DEFAULT nextval('audit_log_id_seq') NOT NULL,
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
	"log_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"chain_seq" bigint DEFAULT 0 NOT NULL,
	"prev_hash" text DEFAULT '' NOT NULL,
	"hash" text DEFAULT '' NOT NULL,
	CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id", "occurred_at"),
	CONSTRAINT "audit_log_outcome_ck" CHECK ("outcome" in ('success','failure')),
	CONSTRAINT "audit_log_prev_hash_ck" CHECK ("prev_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "audit_log_hash_ck" CHECK ("hash" ~ '^[0-9a-f]{64}$')
) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
ALTER SEQUENCE "audit_log_id_seq" OWNED BY "audit_log"."id";--> statement-breakpoint
-- The month's partition (named audit_log_YYYY_MM, bounds at UTC midnight of the 1st) with its
-- chain index and its own TRUNCATE guard (a statement trigger on the parent does not fire for a
-- TRUNCATE of one partition). Answers the partition's name, or null when rows of that month
-- already sit in the DEFAULT partition (PostgreSQL then refuses the new partition; those rows stay
-- where they are and are kept, never purged).
CREATE OR REPLACE FUNCTION audit_log_ensure_month(month timestamptz) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  start timestamptz := date_trunc('month', month AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  stop timestamptz := (date_trunc('month', month AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
  name text := 'audit_log_' || to_char(start AT TIME ZONE 'UTC', 'YYYY_MM');
BEGIN
  IF to_regclass(name) IS NOT NULL THEN
    RETURN name;
  END IF;
  IF EXISTS (SELECT 1 FROM audit_log_default WHERE occurred_at >= start AND occurred_at < stop) THEN
    RETURN NULL;
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF audit_log FOR VALUES FROM (%L) TO (%L)', name, start, stop);
  EXECUTE format('CREATE UNIQUE INDEX %I ON %I (coalesce(sponsor_id, 0), chain_seq)', name || '_chain_seq_idx', name);
  EXECUTE format('CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()', name);
  RETURN name;
END $$;--> statement-breakpoint
-- Catches an entry of a month with no partition yet, so an insert never fails for want of one.
CREATE TABLE "audit_log_default" PARTITION OF "audit_log" DEFAULT;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_default_chain_seq_idx" ON "audit_log_default" USING btree (coalesce("sponsor_id", 0),"chain_seq");--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log_default
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
-- A partition for every month that has entries, and for this month and the next three.
DO $$
DECLARE
  m timestamp;
BEGIN
  -- Stepped in UTC wall time: a month added in the session's time zone could skip one.
  FOR m IN
    SELECT generate_series(
      date_trunc('month', least(coalesce(min(occurred_at), now()), now()) AT TIME ZONE 'UTC'),
      (now() AT TIME ZONE 'UTC') + interval '3 months',
      interval '1 month')
    FROM audit_log_unpartitioned
  LOOP
    PERFORM audit_log_ensure_month(m AT TIME ZONE 'UTC');
  END LOOP;
END $$;--> statement-breakpoint
-- Copied as they are: the chain columns were computed when each entry was written.
INSERT INTO "audit_log" ("id", "occurred_at", "actor_user_id", "actor_email", "actor_sponsor_id", "sponsor_id", "action",
    "target_type", "target_id", "outcome", "client_ip", "log_json", "chain_seq", "prev_hash", "hash")
  SELECT "id", "occurred_at", "actor_user_id", "actor_email", "actor_sponsor_id", "sponsor_id", "action",
    "target_type", "target_id", "outcome", "client_ip", "log_json", "chain_seq", "prev_hash", "hash"
  FROM "audit_log_unpartitioned";--> statement-breakpoint
DROP TABLE "audit_log_unpartitioned";--> statement-breakpoint
CREATE INDEX "audit_log_sponsor_time_idx" ON "audit_log" USING btree ("sponsor_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_time_idx" ON "audit_log" USING btree ("occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
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
-- Row triggers on the parent are cloned onto every partition, present and future.
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
-- A cut: the signed hash of the last entry a purge dropped from a chain; verification starts there.
ALTER TABLE "audit_checkpoints" DROP CONSTRAINT "audit_checkpoints_reason_ck";--> statement-breakpoint
ALTER TABLE "audit_checkpoints" ADD CONSTRAINT "audit_checkpoints_reason_ck" CHECK ("audit_checkpoints"."reason" in ('daily','export','cut'));--> statement-breakpoint
-- A portal's retention (no row: the default, 84 months, no hold). The service-wide minimum is the
-- app_settings key audit_retention_minimum_months.
CREATE TABLE "audit_retention" (
	"sponsor_id" integer PRIMARY KEY NOT NULL REFERENCES "sponsors"("id") ON DELETE CASCADE,
	"months" integer DEFAULT 84 NOT NULL,
	"legal_hold" boolean DEFAULT false NOT NULL,
	"hold_reason" text,
	"hold_changed_at" timestamp with time zone,
	"hold_changed_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_retention_months_ck" CHECK ("months" BETWEEN 1 AND 1200),
	CONSTRAINT "audit_retention_hold_reason_ck" CHECK (char_length("hold_reason") <= 500)
);
