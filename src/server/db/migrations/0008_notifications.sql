CREATE TABLE "category_follow" (
	"uid" text NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_follow_uid_category_id_pk" PRIMARY KEY("uid","category_id")
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_uid" text NOT NULL,
	"kind" text NOT NULL,
	"actor_uid" text,
	"actor_name" text NOT NULL,
	"post_id" integer NOT NULL,
	"response_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_preference" (
	"uid" text PRIMARY KEY NOT NULL,
	"mail_response" boolean DEFAULT true NOT NULL,
	"mail_followed_response" boolean DEFAULT true NOT NULL,
	"digest" text DEFAULT 'weekly' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_follow" (
	"uid" text NOT NULL,
	"post_id" integer NOT NULL,
	"following" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_follow_uid_post_id_pk" PRIMARY KEY("uid","post_id")
);
--> statement-breakpoint
ALTER TABLE "category_follow" ADD CONSTRAINT "category_follow_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_follow" ADD CONSTRAINT "category_follow_category_id_post_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."post_category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_recipient_uid_user_id_fk" FOREIGN KEY ("recipient_uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_actor_uid_user_id_fk" FOREIGN KEY ("actor_uid") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_post_id_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_response_id_post_response_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."post_response"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preference" ADD CONSTRAINT "notification_preference_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_follow" ADD CONSTRAINT "post_follow_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_follow" ADD CONSTRAINT "post_follow_post_id_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_follow_category_idx" ON "category_follow" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "notification_recipient_idx" ON "notification" USING btree ("recipient_uid","created_at","id");--> statement-breakpoint
CREATE INDEX "notification_unread_idx" ON "notification" USING btree ("recipient_uid") WHERE "notification"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notification_response_idx" ON "notification" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "notification_actor_idx" ON "notification" USING btree ("actor_uid");--> statement-breakpoint
CREATE INDEX "post_follow_post_idx" ON "post_follow" USING btree ("post_id");--> statement-breakpoint
-- Hand-written: the authors of posts and responses written before notifications follow those posts, as new ones will.
INSERT INTO "post_follow" ("uid", "post_id", "following") SELECT "poster_uid", "id", true FROM "post" WHERE "poster_uid" IS NOT NULL ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "post_follow" ("uid", "post_id", "following") SELECT DISTINCT "poster_uid", "original_post_id", true FROM "post_response" WHERE "poster_uid" IS NOT NULL ON CONFLICT DO NOTHING;
