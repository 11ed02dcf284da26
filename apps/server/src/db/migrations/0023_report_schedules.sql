CREATE TABLE "report_schedule_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"schedule_id" bigint NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"report_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"size" bigint,
	"recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"error" text,
	"not_before" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"triggered_by" integer,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "report_schedule_runs_due_uq" UNIQUE("schedule_id","due_at","attempt")
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"report_type" text NOT NULL,
	"template" text DEFAULT 'default' NOT NULL,
	"contract_ids" integer[] NOT NULL,
	"zone_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"instrument_type_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"period" text NOT NULL,
	"output" text NOT NULL,
	"frequency" jsonb NOT NULL,
	"timezone" text NOT NULL,
	"recipient_user_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"recipient_role_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"recipient_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment_key" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment_type" text;--> statement-breakpoint
ALTER TABLE "report_schedule_runs" ADD CONSTRAINT "report_schedule_runs_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedule_runs" ADD CONSTRAINT "report_schedule_runs_triggered_by_users_user_id_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_owner_id_users_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_schedule_runs_schedule_idx" ON "report_schedule_runs" USING btree ("schedule_id","started_at");--> statement-breakpoint
CREATE INDEX "report_schedule_runs_waiting_idx" ON "report_schedule_runs" USING btree ("not_before") WHERE "report_schedule_runs"."claimed_at" is null;--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_run_at") WHERE "report_schedules"."enabled";--> statement-breakpoint
CREATE INDEX "report_schedules_name_idx" ON "report_schedules" USING btree ("name");