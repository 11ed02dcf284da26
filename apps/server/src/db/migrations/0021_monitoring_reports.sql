CREATE TABLE "monitoring_report_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"monitoring_report_id" bigint NOT NULL,
	"action" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"template_id" integer,
	"template_name" text NOT NULL,
	"sections" jsonb NOT NULL,
	"report_no" text NOT NULL,
	"revision" integer NOT NULL,
	"title" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'generating' NOT NULL,
	"report_id" bigint,
	"prepared_by" integer,
	"checked_by" integer,
	"checked_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"content_sha256" text,
	"draft_key" text,
	"published_key" text,
	"published_sha256" text,
	"size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitoring_reports_revision_key" UNIQUE("contract_id","report_no","revision"),
	CONSTRAINT "monitoring_reports_status_check" CHECK ("monitoring_reports"."status" in ('generating', 'failed', 'prepared', 'checking', 'approving', 'returned', 'published', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "monitoring_templates" (
	"template_id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"name" text NOT NULL,
	"sections" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monitoring_report_steps" ADD CONSTRAINT "monitoring_report_steps_monitoring_report_id_monitoring_reports_id_fk" FOREIGN KEY ("monitoring_report_id") REFERENCES "public"."monitoring_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_report_steps" ADD CONSTRAINT "monitoring_report_steps_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_reports" ADD CONSTRAINT "monitoring_reports_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_reports" ADD CONSTRAINT "monitoring_reports_template_id_monitoring_templates_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."monitoring_templates"("template_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_reports" ADD CONSTRAINT "monitoring_reports_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_reports" ADD CONSTRAINT "monitoring_reports_prepared_by_users_user_id_fk" FOREIGN KEY ("prepared_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_reports" ADD CONSTRAINT "monitoring_reports_checked_by_users_user_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_reports" ADD CONSTRAINT "monitoring_reports_approved_by_users_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_templates" ADD CONSTRAINT "monitoring_templates_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_templates" ADD CONSTRAINT "monitoring_templates_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_templates" ADD CONSTRAINT "monitoring_templates_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitoring_report_steps_report_idx" ON "monitoring_report_steps" USING btree ("monitoring_report_id","created_at");--> statement-breakpoint
CREATE INDEX "monitoring_reports_report_idx" ON "monitoring_reports" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "monitoring_reports_status_idx" ON "monitoring_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "monitoring_templates_contract_idx" ON "monitoring_templates" USING btree ("contract_id","name");