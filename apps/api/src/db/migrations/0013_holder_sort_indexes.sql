CREATE INDEX "users_holder_first_name_idx" ON "users" USING btree ("sponsor_id","role","first_name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_holder_last_name_idx" ON "users" USING btree ("sponsor_id","role","last_name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_holder_email_idx" ON "users" USING btree ("sponsor_id","role","email" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_holder_status_idx" ON "users" USING btree ("sponsor_id","role","status_id" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_holder_created_idx" ON "users" USING btree ("sponsor_id","role","created_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_holder_last_login_idx" ON "users" USING btree ("sponsor_id","role","last_login_at" NULLS FIRST,"id");
