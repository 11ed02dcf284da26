CREATE TABLE "action_case_entries" (
	"entry_id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"action" text NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"by_user" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_cases" (
	"case_id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"contract_id" integer NOT NULL,
	"alert_id" integer,
	"instrument_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"title" text NOT NULL,
	"opened_by" integer,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"close_reason" text
);
--> statement-breakpoint
CREATE TABLE "action_entry_files" (
	"entry_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "action_entry_files_entry_id_file_id_pk" PRIMARY KEY("entry_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "action_case_entries" ADD CONSTRAINT "action_case_entries_case_id_action_cases_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."action_cases"("case_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_case_entries" ADD CONSTRAINT "action_case_entries_by_user_users_user_id_fk" FOREIGN KEY ("by_user") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_cases" ADD CONSTRAINT "action_cases_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_cases" ADD CONSTRAINT "action_cases_alert_id_alerts_alert_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("alert_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_cases" ADD CONSTRAINT "action_cases_instrument_id_instruments_instrument_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("instrument_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_cases" ADD CONSTRAINT "action_cases_opened_by_users_user_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_cases" ADD CONSTRAINT "action_cases_closed_by_users_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_entry_files" ADD CONSTRAINT "action_entry_files_entry_id_action_case_entries_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."action_case_entries"("entry_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_entry_files" ADD CONSTRAINT "action_entry_files_file_id_attachments_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."attachments"("file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_case_entries_case_idx" ON "action_case_entries" USING btree ("case_id","done_at");--> statement-breakpoint
CREATE UNIQUE INDEX "action_cases_open_alert_key" ON "action_cases" USING btree ("alert_id") WHERE "action_cases"."status" = 'open' and "action_cases"."alert_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "action_cases_open_damaged_key" ON "action_cases" USING btree ("instrument_id") WHERE "action_cases"."status" = 'open' and "action_cases"."category" = 'damaged' and "action_cases"."instrument_id" is not null;--> statement-breakpoint
CREATE INDEX "action_cases_contract_idx" ON "action_cases" USING btree ("contract_id","category","status","opened_at");--> statement-breakpoint
CREATE INDEX "action_cases_alert_idx" ON "action_cases" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "action_cases_instrument_idx" ON "action_cases" USING btree ("instrument_id");--> statement-breakpoint
CREATE UNIQUE INDEX "action_entry_files_file_key" ON "action_entry_files" USING btree ("file_id");