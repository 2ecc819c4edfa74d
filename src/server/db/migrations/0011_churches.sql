CREATE TYPE "public"."church_membership_status" AS ENUM('claimed', 'confirmed');--> statement-breakpoint
CREATE TYPE "public"."church_status" AS ENUM('proposed', 'active', 'archived');--> statement-breakpoint
CREATE TABLE "church" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "church_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"ag" boolean NOT NULL,
	"ag_district" text,
	"street" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"map_x" double precision,
	"map_y" double precision,
	"website" text,
	"phone" text,
	"description" text,
	"languages" text[] DEFAULT '{en}'::text[] NOT NULL,
	"offers" text[] DEFAULT '{}'::text[] NOT NULL,
	"photo_version" integer,
	"status" "church_status" NOT NULL,
	"proposed_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"active_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "church_member" (
	"uid" text PRIMARY KEY NOT NULL,
	"church_id" integer NOT NULL,
	"status" "church_membership_status" NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "church_point_person" (
	"church_id" integer NOT NULL,
	"uid" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "church_point_person_church_id_uid_pk" PRIMARY KEY("church_id","uid")
);
--> statement-breakpoint
ALTER TABLE "church" ADD CONSTRAINT "church_proposed_by_user_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "church_member" ADD CONSTRAINT "church_member_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "church_member" ADD CONSTRAINT "church_member_church_id_church_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."church"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "church_point_person" ADD CONSTRAINT "church_point_person_church_id_church_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."church"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "church_point_person" ADD CONSTRAINT "church_point_person_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "church_active_latitude_idx" ON "church" USING btree ("latitude","longitude") WHERE "church"."status" = 'active';--> statement-breakpoint
CREATE INDEX "church_status_state_idx" ON "church" USING btree ("status","state","name");--> statement-breakpoint
CREATE INDEX "church_name_trgm_idx" ON "church" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "church_member_church_idx" ON "church_member" USING btree ("church_id","status");--> statement-breakpoint
CREATE INDEX "church_point_person_uid_idx" ON "church_point_person" USING btree ("uid");