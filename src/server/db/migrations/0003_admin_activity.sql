CREATE TABLE "admin_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_uid" text,
	"actor_email" text,
	"action" text NOT NULL,
	"target" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
DROP INDEX "mail_date_idx";--> statement-breakpoint
CREATE INDEX "admin_activity_at_idx" ON "admin_activity" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "admin_activity_actor_idx" ON "admin_activity" USING btree ("actor_uid","at");--> statement-breakpoint
CREATE INDEX "mail_form_date_idx" ON "mail" USING btree ("form","date","id");--> statement-breakpoint
CREATE INDEX "mail_state_date_idx" ON "mail" USING btree ("state","date","id");--> statement-breakpoint
CREATE INDEX "mail_date_idx" ON "mail" USING btree ("date","id");