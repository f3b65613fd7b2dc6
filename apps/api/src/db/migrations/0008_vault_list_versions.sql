CREATE SEQUENCE "vault_list_version_seq";--> statement-breakpoint
CREATE TABLE "vault_list_versions" (
	"sponsor_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
