CREATE TABLE "job_run" (
	"job" text NOT NULL,
	"period" timestamp with time zone NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	"error" text,
	CONSTRAINT "job_run_job_period_pk" PRIMARY KEY("job","period")
);
--> statement-breakpoint
-- The scheduled backups' claims (decision 023) become the backup job's (decision 030), history kept.
INSERT INTO "job_run" ("job", "period", "instance", "started_at", "finished_at", "result", "error")
SELECT 'backup', "slot", "instance", "started_at", "finished_at",
	CASE WHEN "file" IS NULL THEN NULL ELSE jsonb_build_object('file', "file", 'bytes', "bytes", 'sha256', "sha256") END,
	"error"
FROM "backup_run";--> statement-breakpoint
DROP TABLE "backup_run" CASCADE;--> statement-breakpoint
CREATE INDEX "digest_run_sent_idx" ON "digest_run" USING btree ("period_end") WHERE "digest_run"."post_count" > 0;
