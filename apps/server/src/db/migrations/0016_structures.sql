CREATE TABLE "structure_instruments" (
	"structure_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	CONSTRAINT "structure_instruments_structure_id_instrument_id_pk" PRIMARY KEY("structure_id","instrument_id")
);
--> statement-breakpoint
CREATE TABLE "structures" (
	"structure_id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"structure_type" text NOT NULL,
	"owner" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"outline" jsonb NOT NULL,
	"influence_distance" double precision DEFAULT 30 NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "structure_instruments" ADD CONSTRAINT "structure_instruments_structure_id_structures_structure_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."structures"("structure_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structure_instruments" ADD CONSTRAINT "structure_instruments_instrument_id_instruments_instrument_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("instrument_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "structure_instruments_instrument_idx" ON "structure_instruments" USING btree ("instrument_id");--> statement-breakpoint
CREATE UNIQUE INDEX "structures_contract_kind_name_key" ON "structures" USING btree ("contract_id","kind",lower("name"));--> statement-breakpoint
CREATE INDEX "structures_kind_idx" ON "structures" USING btree ("kind","contract_id");