-- A portal's vault holders in id order with the three "contains" columns in the index itself: a
-- search's first page and its bounded count read index entries only, never the table (decision 0023).
CREATE INDEX "users_holder_search_idx" ON "users" USING btree ("sponsor_id","role","id") INCLUDE ("email","first_name","last_name");
