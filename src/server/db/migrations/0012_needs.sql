CREATE TYPE "public"."caseworker_status" AS ENUM('applied', 'approved', 'declined');--> statement-breakpoint
CREATE TYPE "public"."need_asked_as" AS ENUM('family', 'church', 'caseworker', 'admin');--> statement-breakpoint
CREATE TYPE "public"."need_close_reason" AS ENUM('asker', 'admin', 'expired', 'asker_deleted');--> statement-breakpoint
CREATE TYPE "public"."need_kind" AS ENUM('items', 'meals', 'rides', 'respite', 'other');--> statement-breakpoint
CREATE TYPE "public"."need_outcome" AS ENUM('met', 'partly_met', 'not_met');--> statement-breakpoint
CREATE TYPE "public"."need_status" AS ENUM('supervisor', 'review', 'open', 'closed', 'declined', 'expired');--> statement-breakpoint
CREATE TYPE "public"."need_urgency" AS ENUM('urgent', 'normal');--> statement-breakpoint
CREATE TABLE "caseworker" (
	"uid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"agency" text NOT NULL,
	"supervisor_name" text NOT NULL,
	"supervisor_email" text NOT NULL,
	"status" "caseworker_status" NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"decline_reason" text
);
--> statement-breakpoint
CREATE TABLE "need" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "need_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"asker_uid" text,
	"asked_as" "need_asked_as" NOT NULL,
	"church_id" integer,
	"agency" text,
	"supervisor_name" text,
	"supervisor_email" text,
	"supervisor_token_hash" text,
	"supervisor_link_expires_at" timestamp with time zone,
	"kind" "need_kind" NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"map_x" double precision,
	"map_y" double precision,
	"urgency" "need_urgency" NOT NULL,
	"status" "need_status" NOT NULL,
	"family_consent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"radius_miles" integer DEFAULT 15 NOT NULL,
	"announced_miles" integer,
	"widened_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"first_commitment_at" timestamp with time zone,
	"fully_committed_at" timestamp with time zone,
	"outcome" "need_outcome",
	"close_reason" "need_close_reason",
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"children_served" integer,
	"thank_you" text
);
--> statement-breakpoint
CREATE TABLE "need_alert" (
	"uid" text PRIMARY KEY NOT NULL,
	"zip" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_miles" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "need_commitment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "need_commitment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"need_id" integer NOT NULL,
	"item_id" integer,
	"uid" text,
	"church_id" integer,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "need_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "need_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"need_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_value" integer NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "need_recipient" (
	"need_id" integer NOT NULL,
	"uid" text NOT NULL,
	"miles" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "need_recipient_need_id_uid_pk" PRIMARY KEY("need_id","uid")
);
--> statement-breakpoint
ALTER TABLE "caseworker" ADD CONSTRAINT "caseworker_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caseworker" ADD CONSTRAINT "caseworker_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need" ADD CONSTRAINT "need_asker_uid_user_id_fk" FOREIGN KEY ("asker_uid") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need" ADD CONSTRAINT "need_church_id_church_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."church"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need" ADD CONSTRAINT "need_approved_by_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need" ADD CONSTRAINT "need_closed_by_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_alert" ADD CONSTRAINT "need_alert_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_commitment" ADD CONSTRAINT "need_commitment_need_id_need_id_fk" FOREIGN KEY ("need_id") REFERENCES "public"."need"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_commitment" ADD CONSTRAINT "need_commitment_item_id_need_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."need_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_commitment" ADD CONSTRAINT "need_commitment_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_commitment" ADD CONSTRAINT "need_commitment_church_id_church_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."church"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_item" ADD CONSTRAINT "need_item_need_id_need_id_fk" FOREIGN KEY ("need_id") REFERENCES "public"."need"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_recipient" ADD CONSTRAINT "need_recipient_need_id_need_id_fk" FOREIGN KEY ("need_id") REFERENCES "public"."need"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_recipient" ADD CONSTRAINT "need_recipient_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caseworker_status_idx" ON "caseworker" USING btree ("status","applied_at");--> statement-breakpoint
CREATE INDEX "need_open_latitude_idx" ON "need" USING btree ("latitude","longitude") WHERE "need"."status" = 'open';--> statement-breakpoint
CREATE INDEX "need_status_state_idx" ON "need" USING btree ("status","state","approved_at");--> statement-breakpoint
CREATE INDEX "need_status_approved_idx" ON "need" USING btree ("status","approved_at");--> statement-breakpoint
CREATE INDEX "need_asker_idx" ON "need" USING btree ("asker_uid");--> statement-breakpoint
CREATE INDEX "need_church_idx" ON "need" USING btree ("church_id");--> statement-breakpoint
CREATE INDEX "need_alert_latitude_idx" ON "need_alert" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "need_commitment_need_idx" ON "need_commitment" USING btree ("need_id","item_id");--> statement-breakpoint
CREATE INDEX "need_commitment_uid_idx" ON "need_commitment" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "need_item_need_idx" ON "need_item" USING btree ("need_id","position");