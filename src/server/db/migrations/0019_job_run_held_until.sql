-- How long the instance running a claimed job holds its period (src/server/jobs/runner.ts): renewed while the run
-- goes on, so a period whose instance stopped mid-run is taken over by another. Earlier rows keep it empty.
ALTER TABLE "job_run" ADD COLUMN "held_until" timestamp with time zone;
