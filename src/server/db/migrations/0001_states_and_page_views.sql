CREATE TABLE "analytics_salt" (
	"day" text PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_view" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"path" text NOT NULL,
	"referrer" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"visitor_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "state_stat" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"children_in_foster_care" integer,
	"source_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE INDEX "page_view_at_idx" ON "page_view" USING btree ("at");--> statement-breakpoint
CREATE INDEX "page_view_path_idx" ON "page_view" USING btree ("path");