CREATE TABLE "attachment_thumbnails" (
	"file_id" integer NOT NULL,
	"size" smallint NOT NULL,
	"storage_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachment_thumbnails_file_id_size_pk" PRIMARY KEY("file_id","size")
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"file_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"ref_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer,
	"height" integer,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "map_uploads" (
	"upload_id" serial PRIMARY KEY NOT NULL,
	"layer_id" integer,
	"layer_name" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachment_thumbnails" ADD CONSTRAINT "attachment_thumbnails_file_id_attachments_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."attachments"("file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploaded_by_users_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_uploads" ADD CONSTRAINT "map_uploads_layer_id_map_layers_layer_id_fk" FOREIGN KEY ("layer_id") REFERENCES "public"."map_layers"("layer_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_uploads" ADD CONSTRAINT "map_uploads_uploaded_by_users_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_record_idx" ON "attachments" USING btree ("category","ref_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "attachments_created_idx" ON "attachments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "map_uploads_created_idx" ON "map_uploads" USING btree ("created_at");