-- Decision 0052: the audit log filtered by action (the Overview's Redeemed, Vault activated and
-- Sign-ins links, and the action filter) walked every entry of the range when the action was rare:
-- 556 ms for a month of every portal at 10,000,000 entries. The filter is a prefix (LIKE 'x%');
-- text_pattern_ops lets the planner read it as a range of this index in any collation.
CREATE INDEX IF NOT EXISTS "audit_log_action_time_idx" ON "audit_log" USING btree ("action" text_pattern_ops,"occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);
