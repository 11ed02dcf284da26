CREATE TABLE "alert_events" (
	"event_id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"level_code" text,
	"value" double precision,
	"reading_at" timestamp with time zone,
	"by_user" integer,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "alert_instrument_state" (
	"instrument_id" integer PRIMARY KEY NOT NULL,
	"baseline_at" timestamp with time zone,
	"thresholds_hash" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_scenarios" (
	"scenario_id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'scenario' NOT NULL,
	"rule" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_templates" (
	"template_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"contract_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"instrument_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"scenario_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"role_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"channels" text[] DEFAULT '{notification,email}'::text[] NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"alert_id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"kind" text NOT NULL,
	"open_key" text NOT NULL,
	"instrument_id" integer,
	"series_id" integer,
	"group_id" integer,
	"scenario_id" integer,
	"level_code" text,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"last_triggered_at" timestamp with time zone NOT NULL,
	"first_reading_at" timestamp with time zone,
	"reading_at" timestamp with time zone,
	"first_value" double precision,
	"latest_value" double precision,
	"peak_value" double precision,
	"trigger_count" integer DEFAULT 1 NOT NULL,
	"detail" jsonb,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"close_reason" text
);
--> statement-breakpoint
CREATE TABLE "monitoring_group_members" (
	"group_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	CONSTRAINT "monitoring_group_members_group_id_instrument_id_pk" PRIMARY KEY("group_id","instrument_id")
);
--> statement-breakpoint
CREATE TABLE "monitoring_groups" (
	"group_id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rule" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_alert_id_alerts_alert_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("alert_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_by_user_users_user_id_fk" FOREIGN KEY ("by_user") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_instrument_state" ADD CONSTRAINT "alert_instrument_state_instrument_id_instruments_instrument_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("instrument_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_scenarios" ADD CONSTRAINT "alert_scenarios_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_scenarios" ADD CONSTRAINT "alert_scenarios_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_templates" ADD CONSTRAINT "alert_templates_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_templates" ADD CONSTRAINT "alert_templates_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_instrument_id_instruments_instrument_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("instrument_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_series_id_reading_series_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."reading_series"("series_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_group_id_monitoring_groups_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."monitoring_groups"("group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_scenario_id_alert_scenarios_scenario_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."alert_scenarios"("scenario_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_closed_by_users_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_group_members" ADD CONSTRAINT "monitoring_group_members_group_id_monitoring_groups_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."monitoring_groups"("group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_group_members" ADD CONSTRAINT "monitoring_group_members_instrument_id_instruments_instrument_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("instrument_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_groups" ADD CONSTRAINT "monitoring_groups_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_groups" ADD CONSTRAINT "monitoring_groups_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_events_alert_idx" ON "alert_events" USING btree ("alert_id","event_id");--> statement-breakpoint
CREATE INDEX "alert_scenarios_contract_idx" ON "alert_scenarios" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "alert_templates_category_idx" ON "alert_templates" USING btree ("category");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_key" ON "alerts" USING btree ("open_key") WHERE "alerts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "alerts_key_reading_idx" ON "alerts" USING btree ("open_key","reading_at");--> statement-breakpoint
CREATE INDEX "alerts_contract_status_idx" ON "alerts" USING btree ("contract_id","status","kind","last_triggered_at");--> statement-breakpoint
CREATE INDEX "alerts_instrument_idx" ON "alerts" USING btree ("instrument_id","status");--> statement-breakpoint
CREATE INDEX "alerts_series_idx" ON "alerts" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "alerts_group_idx" ON "alerts" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "alerts_scenario_idx" ON "alerts" USING btree ("scenario_id");--> statement-breakpoint
CREATE INDEX "monitoring_group_members_instrument_idx" ON "monitoring_group_members" USING btree ("instrument_id");--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_groups_contract_name_key" ON "monitoring_groups" USING btree ("contract_id",lower("name"));