CREATE TABLE "schedule_sensors" (
	"schedule_id" integer NOT NULL,
	"sensor_id" integer NOT NULL,
	CONSTRAINT "schedule_sensors_schedule_id_sensor_id_pk" PRIMARY KEY("schedule_id","sensor_id")
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "sensor_seconds" integer;--> statement-breakpoint
ALTER TABLE "playbacks" ADD COLUMN "sensor_id" varchar(64);--> statement-breakpoint
ALTER TABLE "schedule_sensors" ADD CONSTRAINT "schedule_sensors_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sensors" ADD CONSTRAINT "schedule_sensors_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_sensors_sensor_idx" ON "schedule_sensors" USING btree ("sensor_id");