CREATE TABLE "digest_run" (
	"uid" text NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"frequency" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"instance" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	"new_posts" integer[] DEFAULT '{}' NOT NULL,
	"active_posts" integer[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "digest_run_uid_period_end_pk" PRIMARY KEY("uid","period_end")
);
--> statement-breakpoint
ALTER TABLE "notification_preference" ADD COLUMN "last_digest" text;--> statement-breakpoint
ALTER TABLE "digest_run" ADD CONSTRAINT "digest_run_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digest_run_empty_idx" ON "digest_run" USING btree ("period_end") WHERE "digest_run"."post_count" = 0;