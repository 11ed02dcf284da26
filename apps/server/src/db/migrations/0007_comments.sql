CREATE TABLE "comment_recipients" (
	"comment_id" integer NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "comment_recipients_comment_id_email_pk" PRIMARY KEY("comment_id","email")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"comment_id" serial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"ref_id" integer NOT NULL,
	"ref_data" text,
	"parent_id" integer,
	"comment" text NOT NULL,
	"link_uri" text,
	"sender_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_recipients" ADD CONSTRAINT "comment_recipients_comment_id_comments_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("comment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_comment_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("comment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_sender_id_users_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_record_idx" ON "comments" USING btree ("topic","ref_id","created_at") WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id","created_at");