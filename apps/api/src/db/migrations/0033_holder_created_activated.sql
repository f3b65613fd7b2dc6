-- Decision 0048: the vault list filters holders by creation day and by whether they are activated
-- (the Overview's activation funnel links there). The creation-order index also carries
-- activated_at, so "created in these days and activated" is read from the index alone instead of
-- one table row per holder of the range. Same key columns and name: the "created" sort is unchanged.
DROP INDEX IF EXISTS "users_holder_created_idx";--> statement-breakpoint
CREATE INDEX "users_holder_created_idx" ON "users" USING btree ("sponsor_id","role","created_at" NULLS FIRST,"id") INCLUDE ("activated_at");
