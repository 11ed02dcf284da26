CREATE TABLE "excavation_design" (
	"design_id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"upload_id" integer,
	"stage_no" smallint NOT NULL,
	"wall_deflection" double precision,
	"strut_force" double precision,
	"settlement" double precision,
	"remarks" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "excavation_progress" (
	"progress_id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"upload_id" integer,
	"activity_date" date NOT NULL,
	"zone" text DEFAULT '' NOT NULL,
	"stage_no" smallint,
	"level" double precision NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "excavation_supports" (
	"support_id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"upload_id" integer,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"zone" text DEFAULT '' NOT NULL,
	"stage_no" smallint,
	"level" double precision NOT NULL,
	"installed_at" timestamp with time zone NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tunnel_shifts" (
	"shift_id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"upload_id" integer,
	"shift_date" date NOT NULL,
	"shift" text NOT NULL,
	"face_part" text NOT NULL,
	"chainage" double precision NOT NULL,
	"rock_bolts" integer,
	"shotcrete" double precision,
	"lattice_girders" integer,
	"geology_class" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "chainage_start" double precision;--> statement-breakpoint
ALTER TABLE "excavation_design" ADD CONSTRAINT "excavation_design_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excavation_design" ADD CONSTRAINT "excavation_design_upload_id_uploads_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("upload_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excavation_design" ADD CONSTRAINT "excavation_design_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excavation_progress" ADD CONSTRAINT "excavation_progress_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excavation_progress" ADD CONSTRAINT "excavation_progress_upload_id_uploads_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("upload_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excavation_progress" ADD CONSTRAINT "excavation_progress_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excavation_supports" ADD CONSTRAINT "excavation_supports_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excavation_supports" ADD CONSTRAINT "excavation_supports_upload_id_uploads_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("upload_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excavation_supports" ADD CONSTRAINT "excavation_supports_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tunnel_shifts" ADD CONSTRAINT "tunnel_shifts_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tunnel_shifts" ADD CONSTRAINT "tunnel_shifts_upload_id_uploads_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("upload_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tunnel_shifts" ADD CONSTRAINT "tunnel_shifts_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "excavation_design_key" ON "excavation_design" USING btree ("site_id","stage_no");--> statement-breakpoint
CREATE INDEX "excavation_design_upload_idx" ON "excavation_design" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "excavation_progress_key" ON "excavation_progress" USING btree ("site_id","activity_date","zone");--> statement-breakpoint
CREATE INDEX "excavation_progress_upload_idx" ON "excavation_progress" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "excavation_supports_key" ON "excavation_supports" USING btree ("site_id",lower("label"));--> statement-breakpoint
CREATE INDEX "excavation_supports_upload_idx" ON "excavation_supports" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tunnel_shifts_key" ON "tunnel_shifts" USING btree ("site_id","shift_date","shift","face_part");--> statement-breakpoint
CREATE INDEX "tunnel_shifts_site_idx" ON "tunnel_shifts" USING btree ("site_id","shift_date");--> statement-breakpoint
CREATE INDEX "tunnel_shifts_upload_idx" ON "tunnel_shifts" USING btree ("upload_id");