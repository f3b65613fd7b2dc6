-- Issue 35 part 4: saved views of the list kit's lists, personal or shared in a portal, and each
-- person's default view of a list (decision 0047).
CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsor_id" integer NOT NULL,
	"owner_user_id" integer NOT NULL,
	"list_key" text NOT NULL,
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_id_scope_uq" UNIQUE("id","sponsor_id","list_key"),
	CONSTRAINT "saved_views_list_key_ck" CHECK ("saved_views"."list_key" in ('vault-holders','invitations','sponsor-admins','representatives','trusted-collaborators','portals','messages','audit-log','failed-files','authorizations','webhook-deliveries','active-packages','base-packages'))
);--> statement-breakpoint
CREATE TABLE "saved_view_defaults" (
	"user_id" integer NOT NULL,
	"sponsor_id" integer NOT NULL,
	"list_key" text NOT NULL,
	"view_id" integer NOT NULL,
	CONSTRAINT "saved_view_defaults_user_id_sponsor_id_list_key_pk" PRIMARY KEY("user_id","sponsor_id","list_key"),
	CONSTRAINT "saved_view_defaults_list_key_ck" CHECK ("saved_view_defaults"."list_key" in ('vault-holders','invitations','sponsor-admins','representatives','trusted-collaborators','portals','messages','audit-log','failed-files','authorizations','webhook-deliveries','active-packages','base-packages'))
);--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view_defaults" ADD CONSTRAINT "saved_view_defaults_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view_defaults" ADD CONSTRAINT "saved_view_defaults_view_fk" FOREIGN KEY ("view_id","sponsor_id","list_key") REFERENCES "public"."saved_views"("id","sponsor_id","list_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_views_sponsor_list_idx" ON "saved_views" USING btree ("sponsor_id","list_key");--> statement-breakpoint
CREATE INDEX "saved_views_owner_idx" ON "saved_views" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_personal_name_uq" ON "saved_views" USING btree ("owner_user_id","sponsor_id","list_key",lower("name")) WHERE not "saved_views"."shared";--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_shared_name_uq" ON "saved_views" USING btree ("sponsor_id","list_key",lower("name")) WHERE "saved_views"."shared";--> statement-breakpoint
CREATE INDEX "saved_view_defaults_view_idx" ON "saved_view_defaults" USING btree ("view_id","sponsor_id","list_key");
