-- Decision 0052: staff read Failed Files across every portal, newest first. The only time index
-- started with sponsor_id, so that page sorted the whole table: 274 ms for its first page at
-- 1,000,000 failed uploads (0.09 ms with this index), 163 ms to count a day (2.5 ms).
CREATE INDEX IF NOT EXISTS "failed_uploads_time_idx" ON "failed_uploads" USING btree ("occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);
