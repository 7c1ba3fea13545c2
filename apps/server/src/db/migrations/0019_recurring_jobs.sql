CREATE TABLE "recurring_jobs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_run_by" varchar(64)
);
