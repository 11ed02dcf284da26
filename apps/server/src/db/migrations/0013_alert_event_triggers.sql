ALTER TABLE "alert_events" ADD COLUMN "last_reading_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_events" ADD COLUMN "triggers" integer;