CREATE TABLE "import_job_rows" (
	"job_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"organization_name" text,
	"package_id" integer NOT NULL,
	"license" text NOT NULL,
	"tag" text NOT NULL,
	"entity_type" text,
	"test_account" boolean NOT NULL,
	"localize" text NOT NULL,
	CONSTRAINT "import_job_rows_pk" PRIMARY KEY("job_id","line")
);--> statement-breakpoint
ALTER TABLE "import_job_rows" ADD CONSTRAINT "import_job_rows_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "import_job_rows" ("job_id", "line", "email", "first_name", "middle_name", "last_name", "organization_name", "package_id", "license", "tag", "entity_type", "test_account", "localize")
SELECT j."id", x."line", x."email", x."firstName", x."middleName", x."lastName", x."organizationName", x."packageId", x."license", x."tag", x."entityType", x."testAccount", x."localize"
FROM "import_jobs" j, jsonb_to_recordset(j."rows") AS x("line" int, "email" text, "firstName" text, "middleName" text, "lastName" text,
  "organizationName" text, "packageId" int, "license" text, "tag" text, "entityType" text, "testAccount" boolean, "localize" text)
WHERE j."kind" = 'vault_holders' AND j."status" = 'previewed';--> statement-breakpoint
UPDATE "import_jobs" SET "rows" = '[]'::jsonb WHERE "rows" <> '[]'::jsonb;
