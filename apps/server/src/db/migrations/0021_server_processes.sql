CREATE TABLE "server_processes" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"address" varchar(128) NOT NULL,
	"version" varchar(64) NOT NULL,
	"built_at" timestamp with time zone,
	"database" varchar(16) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_ms" integer NOT NULL,
	"stopped_at" timestamp with time zone,
	"players" integer DEFAULT 0 NOT NULL,
	"runs_jobs" boolean NOT NULL,
	"job_types" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "server_processes_heartbeat_idx" ON "server_processes" USING btree ("heartbeat_at");