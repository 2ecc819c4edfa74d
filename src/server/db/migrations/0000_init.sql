CREATE TYPE "public"."delivery_state" AS ENUM('PENDING', 'PROCESSING', 'SUCCESS', 'ERROR', 'RETRY');--> statement-breakpoint
CREATE TYPE "public"."yes_no" AS ENUM('Yes', 'No');--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"to" text NOT NULL,
	"reply_to" text,
	"message" jsonb NOT NULL,
	"state" "delivery_state" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"error" text,
	"info" jsonb,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text
);
--> statement-breakpoint
CREATE TABLE "mail_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" "delivery_state" NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "profile" (
	"uid" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"saved_at" timestamp with time zone,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"ag_affiliated" "yes_no",
	"ag_credentialed" "yes_no",
	"ag_church" "yes_no",
	"church" text,
	"city" text,
	"state" text DEFAULT 'NONE' NOT NULL,
	"user_zip" text,
	"street_address" text,
	"comments" text,
	"foster_parent" "yes_no",
	"number_of_foster_kids" integer,
	"org_ag" text,
	"org_ag_title" text,
	"org_ag_url" text,
	"org_other" text,
	"org_other_title" text,
	"org_other_url" text,
	"social_media" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"photo_version" integer
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_event" ADD CONSTRAINT "mail_event_mail_id_mail_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile" ADD CONSTRAINT "profile_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_due_idx" ON "mail" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_date_idx" ON "mail" USING btree ("date");--> statement-breakpoint
CREATE INDEX "mail_event_mail_idx" ON "mail_event" USING btree ("mail_id","at");--> statement-breakpoint
CREATE INDEX "profile_email_idx" ON "profile" USING btree ("email");--> statement-breakpoint
CREATE INDEX "rate_limit_window_idx" ON "rate_limit" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");