CREATE TABLE "ags_files" (
	"ags_file_id" serial PRIMARY KEY NOT NULL,
	"upload_id" integer,
	"contract_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"ags_version" text NOT NULL,
	"crs" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ags_groups" (
	"ags_file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"name" text NOT NULL,
	"headings" text[] NOT NULL,
	"units" text[],
	"types" text[],
	CONSTRAINT "ags_groups_ags_file_id_seq_pk" PRIMARY KEY("ags_file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "ags_rows" (
	"ags_file_id" integer NOT NULL,
	"group_seq" integer NOT NULL,
	"seq" integer NOT NULL,
	"loca_id" text,
	"row_count" integer NOT NULL,
	"data" text NOT NULL,
	CONSTRAINT "ags_rows_ags_file_id_group_seq_seq_pk" PRIMARY KEY("ags_file_id","group_seq","seq")
);
--> statement-breakpoint
CREATE TABLE "borehole_core" (
	"version_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"core_top" double precision,
	"core_bot" double precision,
	"core_diam" double precision,
	"core_prec" double precision,
	"core_srec" double precision,
	"core_rqd" double precision,
	"core_rem" text,
	CONSTRAINT "borehole_core_version_id_seq_pk" PRIMARY KEY("version_id","seq")
);
--> statement-breakpoint
CREATE TABLE "borehole_geol" (
	"version_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"geol_top" double precision,
	"geol_base" double precision,
	"geol_geol" text,
	"geol_geo2" text,
	"geol_geo3" text,
	"geol_leg" text,
	"geol_stat" text,
	"geol_desc" text,
	CONSTRAINT "borehole_geol_version_id_seq_pk" PRIMARY KEY("version_id","seq")
);
--> statement-breakpoint
CREATE TABLE "borehole_ispt" (
	"version_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"ispt_top" double precision,
	"ispt_inc1" double precision,
	"ispt_inc2" double precision,
	"ispt_inc3" double precision,
	"ispt_inc4" double precision,
	"ispt_inc5" double precision,
	"ispt_inc6" double precision,
	"ispt_seat" double precision,
	"ispt_npen" double precision,
	"ispt_nval" double precision,
	"ispt_pen1" double precision,
	"ispt_pen2" double precision,
	"ispt_pen3" double precision,
	"ispt_pen4" double precision,
	"ispt_pen5" double precision,
	"ispt_pen6" double precision,
	"ispt_rep" text,
	"ispt_type" text,
	"ispt_wat" double precision,
	"ispt_cas" double precision,
	"ispt_rem" text,
	CONSTRAINT "borehole_ispt_version_id_seq_pk" PRIMARY KEY("version_id","seq")
);
--> statement-breakpoint
CREATE TABLE "borehole_rock" (
	"version_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"rock_ucs" double precision,
	"rock_urem" text,
	CONSTRAINT "borehole_rock_version_id_seq_pk" PRIMARY KEY("version_id","seq")
);
--> statement-breakpoint
CREATE TABLE "borehole_samp" (
	"version_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"samp_top" double precision,
	"samp_base" double precision,
	"samp_date" text,
	"samp_time" text,
	"samp_type" text,
	"samp_ref" text,
	"samp_dia" double precision,
	"samp_flow" double precision,
	"samp_prep" text,
	"samp_pres" double precision,
	"samp_ublo" double precision,
	"samp_wdep" double precision,
	"samp_bar" double precision,
	"samp_temp" double precision,
	"samp_desc" text,
	"samp_rem" text,
	CONSTRAINT "borehole_samp_version_id_seq_pk" PRIMARY KEY("version_id","seq")
);
--> statement-breakpoint
CREATE TABLE "borehole_stcn" (
	"version_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"stcn_dpth" double precision,
	"stcn_typ" text,
	"stcn_ref" text,
	"stcn_res" double precision,
	"stcn_fres" double precision,
	"stcn_pwp1" double precision,
	"stcn_pwp2" double precision,
	"stcn_pwp3" double precision,
	"stcn_con" double precision,
	"stcn_temp" double precision,
	"stcn_slp1" double precision,
	"stcn_slp2" double precision,
	"stcn_ph" double precision,
	"stcn_redx" double precision,
	"stcn_ffd" double precision,
	"stcn_pmt" text,
	"stcn_pid" double precision,
	"stcn_fid" double precision,
	CONSTRAINT "borehole_stcn_version_id_seq_pk" PRIMARY KEY("version_id","seq")
);
--> statement-breakpoint
CREATE TABLE "borehole_versions" (
	"version_id" serial PRIMARY KEY NOT NULL,
	"borehole_id" integer NOT NULL,
	"version" integer NOT NULL,
	"upload_id" integer,
	"ags_file_id" integer,
	"borehole_type" text,
	"crs" integer NOT NULL,
	"easting" double precision,
	"northing" double precision,
	"latitude" double precision,
	"longitude" double precision,
	"ground_level" double precision,
	"final_depth" double precision,
	"end_date" text,
	"crew" text,
	"remark" text,
	"reference" text,
	"loaded_by" integer,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boreholes" (
	"borehole_id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"borehole_no" text NOT NULL,
	"borehole_type" text,
	"crs" integer NOT NULL,
	"easting" double precision,
	"northing" double precision,
	"latitude" double precision,
	"longitude" double precision,
	"ground_level" double precision,
	"final_depth" double precision,
	"end_date" text,
	"crew" text,
	"remark" text,
	"reference" text,
	"version" integer NOT NULL,
	"version_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ags_files" ADD CONSTRAINT "ags_files_upload_id_uploads_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("upload_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ags_files" ADD CONSTRAINT "ags_files_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ags_groups" ADD CONSTRAINT "ags_groups_ags_file_id_ags_files_ags_file_id_fk" FOREIGN KEY ("ags_file_id") REFERENCES "public"."ags_files"("ags_file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ags_rows" ADD CONSTRAINT "ags_rows_ags_file_id_ags_files_ags_file_id_fk" FOREIGN KEY ("ags_file_id") REFERENCES "public"."ags_files"("ags_file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borehole_versions" ADD CONSTRAINT "borehole_versions_borehole_id_boreholes_borehole_id_fk" FOREIGN KEY ("borehole_id") REFERENCES "public"."boreholes"("borehole_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borehole_versions" ADD CONSTRAINT "borehole_versions_upload_id_uploads_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("upload_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borehole_versions" ADD CONSTRAINT "borehole_versions_ags_file_id_ags_files_ags_file_id_fk" FOREIGN KEY ("ags_file_id") REFERENCES "public"."ags_files"("ags_file_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borehole_versions" ADD CONSTRAINT "borehole_versions_loaded_by_users_user_id_fk" FOREIGN KEY ("loaded_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boreholes" ADD CONSTRAINT "boreholes_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ags_files_upload_idx" ON "ags_files" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "ags_files_contract_idx" ON "ags_files" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "ags_rows_loca_idx" ON "ags_rows" USING btree ("ags_file_id","loca_id");--> statement-breakpoint
CREATE UNIQUE INDEX "borehole_versions_key" ON "borehole_versions" USING btree ("borehole_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "boreholes_contract_no_key" ON "boreholes" USING btree ("contract_id","borehole_no");--> statement-breakpoint
CREATE INDEX "boreholes_location_idx" ON "boreholes" USING btree ("longitude","latitude");--> statement-breakpoint
-- The typed group rows have no foreign key (COPY speed): they go with their version.
CREATE FUNCTION borehole_versions_delete_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM borehole_geol WHERE version_id IN (SELECT version_id FROM gone);
  DELETE FROM borehole_core WHERE version_id IN (SELECT version_id FROM gone);
  DELETE FROM borehole_ispt WHERE version_id IN (SELECT version_id FROM gone);
  DELETE FROM borehole_stcn WHERE version_id IN (SELECT version_id FROM gone);
  DELETE FROM borehole_samp WHERE version_id IN (SELECT version_id FROM gone);
  DELETE FROM borehole_rock WHERE version_id IN (SELECT version_id FROM gone);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER borehole_versions_delete_groups AFTER DELETE ON borehole_versions
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION borehole_versions_delete_groups();
--> statement-breakpoint
-- The stored AGS text compresses with lz4 where the server has it (PostgreSQL 14+ built with lz4; not PGlite):
-- loads about a fifth faster than with the default pglz.
DO $$ BEGIN
  ALTER TABLE ags_rows ALTER COLUMN data SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN NULL;
END $$;
