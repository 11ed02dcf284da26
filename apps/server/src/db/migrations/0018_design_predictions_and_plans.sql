CREATE TABLE "design_predictions" (
	"prediction_id" serial PRIMARY KEY NOT NULL,
	"instrument_id" integer NOT NULL,
	"reading_code_id" integer NOT NULL,
	"depth" double precision,
	"site_id" integer NOT NULL,
	"stage_no" smallint NOT NULL,
	"value" double precision NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"upload_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instrument_plans" (
	"plan_id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"name" text NOT NULL,
	"type_id" integer NOT NULL,
	"easting" double precision,
	"northing" double precision,
	"planned_install_date" date,
	"planned_frequency" text,
	"remarks" text DEFAULT '' NOT NULL,
	"upload_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "design_predictions" ADD CONSTRAINT "design_predictions_instrument_id_instruments_instrument_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("instrument_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_predictions" ADD CONSTRAINT "design_predictions_reading_code_id_reading_codes_reading_code_id_fk" FOREIGN KEY ("reading_code_id") REFERENCES "public"."reading_codes"("reading_code_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_predictions" ADD CONSTRAINT "design_predictions_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_predictions" ADD CONSTRAINT "design_predictions_upload_id_uploads_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("upload_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_predictions" ADD CONSTRAINT "design_predictions_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_plans" ADD CONSTRAINT "instrument_plans_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_plans" ADD CONSTRAINT "instrument_plans_type_id_instrument_types_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."instrument_types"("type_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_plans" ADD CONSTRAINT "instrument_plans_upload_id_uploads_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("upload_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_plans" ADD CONSTRAINT "instrument_plans_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "design_predictions_key" ON "design_predictions" USING btree ("instrument_id","reading_code_id","site_id","stage_no",coalesce("depth", -1));--> statement-breakpoint
CREATE INDEX "design_predictions_site_idx" ON "design_predictions" USING btree ("site_id","stage_no");--> statement-breakpoint
CREATE INDEX "design_predictions_upload_idx" ON "design_predictions" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instrument_plans_key" ON "instrument_plans" USING btree ("contract_id",lower("name"));--> statement-breakpoint
CREATE INDEX "instrument_plans_upload_idx" ON "instrument_plans" USING btree ("upload_id");