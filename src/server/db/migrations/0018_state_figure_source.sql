ALTER TABLE "state_stat" ADD COLUMN "count_source" text;--> statement-breakpoint
ALTER TABLE "state_stat" ADD COLUMN "count_year" integer;--> statement-breakpoint
-- The rows loaded from the data file (Casey Family Programs' 2021 sheets, AFCARS counts) say so; a count an admin
-- changed keeps no source or year until an admin gives them.
UPDATE "state_stat" SET "count_source" = 'AFCARS', "count_year" = 2021 WHERE "updated_by" IS NULL;
