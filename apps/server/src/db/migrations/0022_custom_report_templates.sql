CREATE TABLE "report_templates" (
	"template_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"report_type" text NOT NULL,
	"contract_id" integer,
	"title" text DEFAULT '' NOT NULL,
	"logo" text,
	"header_text" text DEFAULT '' NOT NULL,
	"footer_text" text DEFAULT '' NOT NULL,
	"sections" jsonb NOT NULL,
	"instrument_type_ids" jsonb NOT NULL,
	"zone_ids" jsonb NOT NULL,
	"chart" jsonb NOT NULL,
	"decimals" integer,
	"length_unit" text DEFAULT 'mm' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"workbook_key" text,
	"workbook_name" text,
	"workbook_size" integer,
	"workbook_info" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_templates_type_idx" ON "report_templates" USING btree ("report_type","contract_id","name");