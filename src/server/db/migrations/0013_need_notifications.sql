ALTER TABLE "notification" ALTER COLUMN "post_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "need_id" integer;--> statement-breakpoint
ALTER TABLE "notification_preference" ADD COLUMN "mail_need" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_need_id_need_id_fk" FOREIGN KEY ("need_id") REFERENCES "public"."need"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "need_unannounced_idx" ON "need" USING btree ("approved_at") WHERE "need"."status" = 'open' and ("need"."announced_miles" is null or "need"."announced_miles" < "need"."radius_miles");--> statement-breakpoint
CREATE INDEX "notification_need_idx" ON "notification" USING btree ("need_id");--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_subject_check" CHECK (("notification"."kind" = 'need') = ("notification"."need_id" is not null) and ("notification"."post_id" is not null or "notification"."need_id" is not null));