CREATE TABLE "reading_latest" (
	"series_id" integer PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	"upload_id" integer
);
--> statement-breakpoint
CREATE TABLE "reading_rollups" (
	"series_id" integer NOT NULL,
	"n" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min_value" double precision NOT NULL,
	"max_value" double precision NOT NULL,
	"min_offset" integer NOT NULL,
	"max_offset" integer NOT NULL,
	"first_offset" integer NOT NULL,
	"last_offset" integer NOT NULL,
	CONSTRAINT "reading_rollups_pkey" PRIMARY KEY("series_id","bucket") INCLUDE ("n","min_value","max_value","min_offset","max_offset","first_offset","last_offset")
);
--> statement-breakpoint
CREATE TABLE "reading_series" (
	"series_id" serial PRIMARY KEY NOT NULL,
	"instrument_id" integer NOT NULL,
	"reading_code_id" integer NOT NULL,
	"depth" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_series_key" UNIQUE NULLS NOT DISTINCT("instrument_id","reading_code_id","depth")
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"series_id" integer NOT NULL,
	"upload_id" integer,
	"value" double precision NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	CONSTRAINT "readings_pkey" PRIMARY KEY("series_id","taken_at")
) PARTITION BY RANGE ("taken_at");
--> statement-breakpoint
CREATE TABLE "upload_errors" (
	"upload_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"row" integer NOT NULL,
	"field" text NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "upload_errors_upload_id_seq_pk" PRIMARY KEY("upload_id","seq")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"upload_id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"contract_id" integer,
	"contract_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"force" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"format" text,
	"layout" text,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_valid" integer DEFAULT 0 NOT NULL,
	"rows_invalid" integer DEFAULT 0 NOT NULL,
	"rows_loaded" integer DEFAULT 0 NOT NULL,
	"errors_total" integer DEFAULT 0 NOT NULL,
	"first_taken_at" timestamp with time zone,
	"last_taken_at" timestamp with time zone,
	"valid_key" text,
	"plan" jsonb,
	"error" text,
	"validated_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"rejected_by" integer,
	"rejected_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reading_latest" ADD CONSTRAINT "reading_latest_series_id_reading_series_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."reading_series"("series_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_series" ADD CONSTRAINT "reading_series_instrument_id_instruments_instrument_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("instrument_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_series" ADD CONSTRAINT "reading_series_reading_code_id_reading_codes_reading_code_id_fk" FOREIGN KEY ("reading_code_id") REFERENCES "public"."reading_codes"("reading_code_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_errors" ADD CONSTRAINT "upload_errors_upload_id_uploads_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("upload_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_users_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_approved_by_users_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_rejected_by_users_user_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reading_series_reading_code_idx" ON "reading_series" USING btree ("reading_code_id");--> statement-breakpoint
CREATE INDEX "uploads_type_created_idx" ON "uploads" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "uploads_sha256_idx" ON "uploads" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "uploads_status_idx" ON "uploads" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "uploads_uploaded_by_idx" ON "uploads" USING btree ("uploaded_by");--> statement-breakpoint
-- Hand-written (drizzle-kit knows nothing of partitions nor of INCLUDE), with two edits of the CREATE TABLEs above:
-- `readings` PARTITION BY RANGE (taken_at), and the key of `reading_rollups` INCLUDEs its other columns (index-only
-- scans for charts). Readings are partitioned by calendar month (UTC).
-- ensure_reading_partitions(months) creates the partition `readings_pYYYYMM` of each month given (any day of it)
-- that does not exist yet and returns how many it created. A transaction-level advisory lock serialises callers, so
-- two loads covering the same new month do not race. Call it in its own short transaction before a load: CREATE
-- TABLE … PARTITION OF locks the parent until commit.
CREATE FUNCTION "ensure_reading_partitions"(p_months date[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  m date;
  part text;
  created integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('strata.readings.partitions'));
  FOR m IN SELECT DISTINCT date_trunc('month', d)::date FROM unnest(p_months) AS d WHERE d IS NOT NULL ORDER BY 1 LOOP
    part := 'readings_p' || to_char(m, 'YYYYMM');
    IF to_regclass(format('public.%I', part)) IS NULL THEN
      EXECUTE format(
        'CREATE TABLE public.%I PARTITION OF public.readings FOR VALUES FROM (%L) TO (%L)',
        part,
        to_char(m, 'YYYY-MM-DD') || ' 00:00:00+00',
        to_char((m + interval '1 month')::date, 'YYYY-MM-DD') || ' 00:00:00+00'
      );
      created := created + 1;
    END IF;
  END LOOP;
  RETURN created;
END
$$;
