CREATE TYPE "public"."care_member_status" AS ENUM('invited', 'requested', 'active');--> statement-breakpoint
CREATE TYPE "public"."care_notice_kind" AS ENUM('reminder', 'reoffer');--> statement-breakpoint
CREATE TYPE "public"."care_post_kind" AS ENUM('update', 'prayer');--> statement-breakpoint
CREATE TYPE "public"."care_role" AS ENUM('family', 'leader', 'helper', 'mentor', 'respite');--> statement-breakpoint
CREATE TYPE "public"."care_task_kind" AS ENUM('meal', 'ride', 'childcare', 'respite', 'errand', 'other');--> statement-breakpoint
CREATE TYPE "public"."care_team_status" AS ENUM('proposed', 'active', 'ended');--> statement-breakpoint
CREATE TYPE "public"."clearance_kind" AS ENUM('background_check', 'training', 'agreement');--> statement-breakpoint
CREATE TYPE "public"."clearance_status" AS ENUM('pending', 'cleared', 'not_cleared');--> statement-breakpoint
CREATE TABLE "calendar_feed" (
	"uid" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_claim" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "care_claim_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"occurs_on" date,
	"uid" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "care_invite" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "care_invite_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"role" "care_role" NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" text
);
--> statement-breakpoint
CREATE TABLE "care_notice" (
	"task_id" integer NOT NULL,
	"occurs_on" date NOT NULL,
	"uid" text NOT NULL,
	"kind" "care_notice_kind" NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "care_notice_task_id_occurs_on_uid_kind_pk" PRIMARY KEY("task_id","occurs_on","uid","kind")
);
--> statement-breakpoint
CREATE TABLE "care_post" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "care_post_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"author_uid" text,
	"kind" "care_post_kind" NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_task" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "care_task_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"kind" "care_task_kind" NOT NULL,
	"title" text NOT NULL,
	"notes" text,
	"start_date" date NOT NULL,
	"start_time" text NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"at_home" boolean NOT NULL,
	"town" text,
	"helpers_needed" integer DEFAULT 1 NOT NULL,
	"rrule" text,
	"until" date,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "care_task_skip" (
	"task_id" integer NOT NULL,
	"occurs_on" date NOT NULL,
	CONSTRAINT "care_task_skip_task_id_occurs_on_pk" PRIMARY KEY("task_id","occurs_on")
);
--> statement-breakpoint
CREATE TABLE "care_team" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "care_team_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"family_uid" text NOT NULL,
	"church_id" integer,
	"name" text NOT NULL,
	"status" "care_team_status" NOT NULL,
	"time_zone" text NOT NULL,
	"started_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"address" text,
	"food" text,
	"best_times" text,
	"children_ages" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"details_updated_at" timestamp with time zone,
	"anniversary_asked_at" timestamp with time zone,
	"still_fostering" boolean,
	"still_fostering_at" timestamp with time zone,
	"summary_week" date
);
--> statement-breakpoint
CREATE TABLE "care_team_member" (
	"team_id" integer NOT NULL,
	"uid" text NOT NULL,
	"role" "care_role" NOT NULL,
	"status" "care_member_status" NOT NULL,
	"invited_by" text,
	"invited_at" timestamp with time zone,
	"requested_at" timestamp with time zone,
	"joined_at" timestamp with time zone,
	"approved_by" text,
	CONSTRAINT "care_team_member_team_id_uid_pk" PRIMARY KEY("team_id","uid")
);
--> statement-breakpoint
CREATE TABLE "clearance_record" (
	"uid" text NOT NULL,
	"requirement_id" integer NOT NULL,
	"status" "clearance_status" NOT NULL,
	"completed_on" date,
	"expires_on" date,
	"verified_by" text,
	"recorded_at" timestamp with time zone NOT NULL,
	"expiring_notice_at" timestamp with time zone,
	"expired_notice_at" timestamp with time zone,
	CONSTRAINT "clearance_record_uid_requirement_id_pk" PRIMARY KEY("uid","requirement_id")
);
--> statement-breakpoint
CREATE TABLE "clearance_requirement" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clearance_requirement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" "clearance_kind" NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"valid_months" integer NOT NULL,
	"required_for" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_subject_check";--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "care_team_id" integer;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "care_text" text;--> statement-breakpoint
ALTER TABLE "notification_preference" ADD COLUMN "mail_care" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feed" ADD CONSTRAINT "calendar_feed_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_claim" ADD CONSTRAINT "care_claim_task_id_care_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."care_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_claim" ADD CONSTRAINT "care_claim_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_invite" ADD CONSTRAINT "care_invite_team_id_care_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."care_team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_invite" ADD CONSTRAINT "care_invite_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_invite" ADD CONSTRAINT "care_invite_used_by_user_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_notice" ADD CONSTRAINT "care_notice_task_id_care_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."care_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_notice" ADD CONSTRAINT "care_notice_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_post" ADD CONSTRAINT "care_post_team_id_care_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."care_team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_post" ADD CONSTRAINT "care_post_author_uid_user_id_fk" FOREIGN KEY ("author_uid") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_task" ADD CONSTRAINT "care_task_team_id_care_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."care_team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_task" ADD CONSTRAINT "care_task_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_task_skip" ADD CONSTRAINT "care_task_skip_task_id_care_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."care_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_team" ADD CONSTRAINT "care_team_family_uid_user_id_fk" FOREIGN KEY ("family_uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_team" ADD CONSTRAINT "care_team_church_id_church_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."church"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_team" ADD CONSTRAINT "care_team_started_by_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_team_member" ADD CONSTRAINT "care_team_member_team_id_care_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."care_team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_team_member" ADD CONSTRAINT "care_team_member_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_team_member" ADD CONSTRAINT "care_team_member_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_team_member" ADD CONSTRAINT "care_team_member_approved_by_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clearance_record" ADD CONSTRAINT "clearance_record_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clearance_record" ADD CONSTRAINT "clearance_record_requirement_id_clearance_requirement_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."clearance_requirement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clearance_record" ADD CONSTRAINT "clearance_record_verified_by_user_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_token_idx" ON "calendar_feed" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "care_claim_task_idx" ON "care_claim" USING btree ("task_id","occurs_on");--> statement-breakpoint
CREATE INDEX "care_claim_uid_idx" ON "care_claim" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "care_invite_token_idx" ON "care_invite" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "care_invite_team_idx" ON "care_invite" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "care_post_team_idx" ON "care_post" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "care_task_team_idx" ON "care_task" USING btree ("team_id","start_date");--> statement-breakpoint
CREATE INDEX "care_team_family_idx" ON "care_team" USING btree ("family_uid");--> statement-breakpoint
CREATE INDEX "care_team_church_idx" ON "care_team" USING btree ("church_id","status");--> statement-breakpoint
CREATE INDEX "care_team_member_uid_idx" ON "care_team_member" USING btree ("uid","status");--> statement-breakpoint
CREATE INDEX "clearance_record_expires_idx" ON "clearance_record" USING btree ("expires_on");--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_care_team_id_care_team_id_fk" FOREIGN KEY ("care_team_id") REFERENCES "public"."care_team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_care_team_idx" ON "notification" USING btree ("care_team_id");--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_subject_check" CHECK (("notification"."kind" = 'need') = ("notification"."need_id" is not null) and ("notification"."kind" = 'care') = ("notification"."care_team_id" is not null) and ("notification"."post_id" is not null or "notification"."need_id" is not null or "notification"."care_team_id" is not null));--> statement-breakpoint
INSERT INTO "clearance_requirement" ("name", "kind", "description", "valid_months", "required_for", "created_at") VALUES
('Confidentiality agreement', 'agreement', 'I will keep what I learn about this family and its children within the team: no names, photos, schools or case details shared with anyone, online or off.', 12, '{details}', now()),
('Background check', 'background_check', 'A criminal background check through the church or an approved agency. The site records only its status and dates.', 36, '{respite}', now()),
('Respite care training', 'training', 'The respite caregiver training of your state or your church''s foster-care ministry.', 24, '{respite}', now());
