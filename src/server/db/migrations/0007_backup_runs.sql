CREATE TABLE "backup_run" (
	"slot" timestamp with time zone PRIMARY KEY NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"file" text,
	"bytes" bigint,
	"sha256" text,
	"error" text
);
