CREATE TABLE "alert_levels" (
	"level_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"severity" smallint NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_levels_severity_check" CHECK ("alert_levels"."severity" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "instrument_categories" (
	"category_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instrument_types" (
	"type_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category_id" integer,
	"icon" text DEFAULT 'circle' NOT NULL,
	"icon_color" text DEFAULT '#018e27' NOT NULL,
	"lta_code" text,
	"has_depth" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"instrument_id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"zone_id" integer,
	"name" text NOT NULL,
	"easting" double precision NOT NULL,
	"northing" double precision NOT NULL,
	"level" double precision,
	"install_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"frequency" text,
	"lta_code" text,
	"remarks" text,
	"baseline_at" timestamp with time zone,
	"baseline_remarks" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_codes" (
	"reading_code_id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"is_result" boolean DEFAULT true NOT NULL,
	"precision" smallint DEFAULT 2 NOT NULL,
	"min_value" double precision,
	"max_value" double precision,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_rating_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_rating_settings_single_row" CHECK ("risk_rating_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "thresholds" (
	"threshold_id" bigserial PRIMARY KEY NOT NULL,
	"instrument_id" integer NOT NULL,
	"reading_code_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"upper" double precision,
	"lower" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thresholds_value_check" CHECK ("thresholds"."upper" is not null or "thresholds"."lower" is not null)
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"zone_id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"polygon" jsonb,
	"is_report" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_drawings" (
	"drawing_id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"site_id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"site_name" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"geometry" jsonb,
	"stages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"design_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "map_layers" (
	"layer_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"url" text,
	"layer_name" text,
	"file_name" text,
	"file_key" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"opacity" double precision DEFAULT 1 NOT NULL,
	"attribution" text DEFAULT '' NOT NULL,
	"min_zoom" smallint,
	"max_zoom" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manual_documents" (
	"document_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "boundary" jsonb;--> statement-breakpoint
ALTER TABLE "instrument_types" ADD CONSTRAINT "instrument_types_category_id_instrument_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."instrument_categories"("category_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_type_id_instrument_types_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."instrument_types"("type_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_zone_id_zones_zone_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("zone_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_codes" ADD CONSTRAINT "reading_codes_type_id_instrument_types_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."instrument_types"("type_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_rating_settings" ADD CONSTRAINT "risk_rating_settings_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thresholds" ADD CONSTRAINT "thresholds_instrument_id_instruments_instrument_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("instrument_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thresholds" ADD CONSTRAINT "thresholds_reading_code_id_reading_codes_reading_code_id_fk" FOREIGN KEY ("reading_code_id") REFERENCES "public"."reading_codes"("reading_code_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thresholds" ADD CONSTRAINT "thresholds_level_id_alert_levels_level_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."alert_levels"("level_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_drawings" ADD CONSTRAINT "site_drawings_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_drawings" ADD CONSTRAINT "site_drawings_uploaded_by_users_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_documents" ADD CONSTRAINT "manual_documents_uploaded_by_users_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_levels_code_key" ON "alert_levels" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "instrument_categories_name_key" ON "instrument_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "instrument_types_code_key" ON "instrument_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "instrument_types_category_idx" ON "instrument_types" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instruments_contract_name_key" ON "instruments" USING btree ("contract_id",lower("name"));--> statement-breakpoint
CREATE INDEX "instruments_type_idx" ON "instruments" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "instruments_zone_idx" ON "instruments" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "instruments_location_idx" ON "instruments" USING btree ("easting","northing");--> statement-breakpoint
CREATE UNIQUE INDEX "reading_codes_type_code_key" ON "reading_codes" USING btree ("type_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "thresholds_series_level_key" ON "thresholds" USING btree ("instrument_id","reading_code_id","level_id");--> statement-breakpoint
CREATE INDEX "thresholds_reading_code_idx" ON "thresholds" USING btree ("reading_code_id");--> statement-breakpoint
CREATE INDEX "thresholds_level_idx" ON "thresholds" USING btree ("level_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zones_contract_name_key" ON "zones" USING btree ("contract_id",lower("name"));--> statement-breakpoint
CREATE INDEX "site_drawings_site_idx" ON "site_drawings" USING btree ("site_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "site_drawings_uploaded_idx" ON "site_drawings" USING btree ("uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_contract_name_key" ON "sites" USING btree ("contract_id",lower("site_name"));--> statement-breakpoint
CREATE INDEX "sites_type_idx" ON "sites" USING btree ("type");--> statement-breakpoint
CREATE INDEX "manual_documents_created_idx" ON "manual_documents" USING btree ("created_at");