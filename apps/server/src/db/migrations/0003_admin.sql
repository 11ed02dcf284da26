CREATE TABLE "admin_created_users" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "generated_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"storage_key" text,
	"file_name" text,
	"size" bigint,
	"rows" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"error" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_runs" (
	"run_id" bigserial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"triggered_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text DEFAULT 'running' NOT NULL,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"schedule_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"duration" integer,
	"minute" smallint,
	"hour" smallint,
	"dow" smallint,
	"dom" smallint,
	"job" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_outcome" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "system_logs" (
	"log_id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"source" text NOT NULL,
	"message" text NOT NULL,
	"method" text,
	"route" text,
	"status" smallint,
	"request_id" text,
	"queue" text,
	"job_id" text
);
--> statement-breakpoint
CREATE TABLE "user_import_users" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"row_no" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_imports" (
	"import_id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"total_rows" integer NOT NULL,
	"valid_rows" integer NOT NULL,
	"invalid_rows" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_created_users" ADD CONSTRAINT "admin_created_users_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_created_users" ADD CONSTRAINT "admin_created_users_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_files" ADD CONSTRAINT "generated_files_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_schedule_id_schedules_schedule_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("schedule_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_triggered_by_users_user_id_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_import_users" ADD CONSTRAINT "user_import_users_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_import_users" ADD CONSTRAINT "user_import_users_import_id_user_imports_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."user_imports"("import_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_imports" ADD CONSTRAINT "user_imports_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generated_files_created_idx" ON "generated_files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "generated_files_status_idx" ON "generated_files" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "generated_files_expires_idx" ON "generated_files" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "schedule_runs_schedule_idx" ON "schedule_runs" USING btree ("schedule_id","started_at");--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("next_run_at") WHERE enabled;--> statement-breakpoint
CREATE INDEX "system_logs_at_idx" ON "system_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "system_logs_level_idx" ON "system_logs" USING btree ("level","at");--> statement-breakpoint
CREATE INDEX "user_import_users_import_idx" ON "user_import_users" USING btree ("import_id");