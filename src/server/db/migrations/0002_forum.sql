CREATE TABLE "post" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "post_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"poster_uid" text,
	"poster_first_name" text NOT NULL,
	"poster_last_name" text NOT NULL,
	"poster_email" text,
	"post_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"post_title" text NOT NULL,
	"post" text NOT NULL,
	"post_category" integer NOT NULL,
	"responses_search" "tsvector",
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, post_title), 'A') || setweight(to_tsvector('english'::regconfig, post), 'B') || coalesce(responses_search, ''::tsvector)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_category" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "post_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_response" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "post_response_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"original_post_id" integer NOT NULL,
	"poster_uid" text,
	"poster_first_name" text NOT NULL,
	"poster_last_name" text NOT NULL,
	"poster_email" text,
	"post_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"post" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post" ADD CONSTRAINT "post_poster_uid_user_id_fk" FOREIGN KEY ("poster_uid") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post" ADD CONSTRAINT "post_post_category_post_category_id_fk" FOREIGN KEY ("post_category") REFERENCES "public"."post_category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_response" ADD CONSTRAINT "post_response_original_post_id_post_id_fk" FOREIGN KEY ("original_post_id") REFERENCES "public"."post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_response" ADD CONSTRAINT "post_response_poster_uid_user_id_fk" FOREIGN KEY ("poster_uid") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_date_idx" ON "post" USING btree ("post_date","id");--> statement-breakpoint
CREATE INDEX "post_category_date_idx" ON "post" USING btree ("post_category","post_date","id");--> statement-breakpoint
CREATE INDEX "post_poster_idx" ON "post" USING btree ("poster_uid");--> statement-breakpoint
CREATE INDEX "post_search_idx" ON "post" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "post_category_name_key" ON "post_category" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "post_response_post_idx" ON "post_response" USING btree ("original_post_id","post_date","id");--> statement-breakpoint
CREATE INDEX "post_response_poster_idx" ON "post_response" USING btree ("poster_uid");--> statement-breakpoint
-- Starter categories, so the first member to post has some to choose from (members add more by typing a name).
INSERT INTO "post_category" ("name") VALUES ('General'), ('Prayer requests'), ('Questions and advice'), ('Events and resources');
