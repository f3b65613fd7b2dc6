-- One e-mail is one person across the whole service (decision 0033). Until now an e-mail was unique
-- per role and portal only, so the same address could stand for several accounts and sign-in picked
-- one of them. Rows that already share an address are separated here: the account that keeps the
-- address is the one that signs in with the widest reach (staff, then administrator, then advisor,
-- then vault holder), the oldest first; each other one gets a tagged address (name+duplicate-<id>@domain,
-- the same mailbox for most providers), and an administrator or staff account among them is
-- deactivated and signed out, since it was never the address owner's. Each separation is audited.
CREATE TEMPORARY TABLE "email_separations" AS
SELECT "id", "email" AS "old_email", "role", "sponsor_id", "keeper_id",
  CASE WHEN position('@' in "email") > 0
    THEN split_part("email", '@', 1) || '+duplicate-' || "id" || '@' || substr("email", position('@' in "email") + 1)
    ELSE "email" || '+duplicate-' || "id" END AS "new_email"
FROM (
  SELECT u."id", u."email", u."role", u."sponsor_id",
    first_value(u."id") OVER w AS "keeper_id",
    row_number() OVER w AS "rank"
  FROM "users" u
  WHERE lower(u."email") IN (SELECT lower("email") FROM "users" GROUP BY lower("email") HAVING count(*) > 1)
  WINDOW w AS (
    PARTITION BY lower(u."email")
    ORDER BY CASE u."role" WHEN 'staff' THEN 0 WHEN 'sponsor_admin' THEN 1 WHEN 'advisor' THEN 2 ELSE 3 END, u."id"
  )
) ranked
WHERE "rank" > 1;--> statement-breakpoint
UPDATE "users" u SET
  "email" = s."new_email",
  "status_id" = CASE WHEN u."role" IN ('staff', 'sponsor_admin') AND u."status_id" = 1 THEN 2 ELSE u."status_id" END,
  "updated_at" = now()
FROM "email_separations" s WHERE u."id" = s."id";--> statement-breakpoint
UPDATE "sessions" SET "revoked_at" = now()
WHERE "revoked_at" IS NULL AND "user_id" IN (SELECT "id" FROM "email_separations" WHERE "role" IN ('staff', 'sponsor_admin'));--> statement-breakpoint
INSERT INTO "audit_log" ("actor_email", "sponsor_id", "action", "target_type", "target_id", "log_json")
SELECT 'migration 0017', s."sponsor_id", 'user.email_separated', 'user', s."id"::text,
  jsonb_build_object('email', jsonb_build_object('from', s."old_email", 'to', s."new_email"), 'addressKeptBy', s."keeper_id", 'role', s."role")
FROM "email_separations" s;--> statement-breakpoint
DROP INDEX "users_email_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
DROP TABLE "email_separations";
