ALTER TABLE "care_post" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "need" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "post" drop column "search";--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(CASE WHEN language = 'es' THEN 'spanish'::regconfig ELSE 'english'::regconfig END, post_title), 'A') || setweight(to_tsvector(CASE WHEN language = 'es' THEN 'spanish'::regconfig ELSE 'english'::regconfig END, post), 'B') || coalesce(responses_search, ''::tsvector)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "post_search_idx" ON "post" USING gin ("search");
