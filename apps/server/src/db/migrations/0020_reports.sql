CREATE TABLE "reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"output" text NOT NULL,
	"contract_ids" integer[] NOT NULL,
	"params" jsonb NOT NULL,
	"tzo_hours" double precision DEFAULT 0 NOT NULL,
	"background" boolean DEFAULT false NOT NULL,
	"on_demand" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress_done" integer,
	"progress_total" integer,
	"progress_label" text,
	"token_salt" text NOT NULL,
	"token_hash" text NOT NULL,
	"storage_key" text,
	"file_name" text,
	"content_type" text,
	"size" bigint,
	"error" text,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reports_creator_idx" ON "reports" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "reports_contracts_idx" ON "reports" USING gin ("contract_ids");--> statement-breakpoint
CREATE INDEX "reports_pending_idx" ON "reports" USING btree ("created_at") WHERE "reports"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reports_running_idx" ON "reports" USING btree ("started_at") WHERE "reports"."status" = 'running';--> statement-breakpoint
CREATE INDEX "reports_expires_idx" ON "reports" USING btree ("expires_at");