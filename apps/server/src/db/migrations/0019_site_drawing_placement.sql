ALTER TABLE "site_drawings" ADD COLUMN "drawing_date" date;--> statement-breakpoint
ALTER TABLE "site_drawings" ADD COLUMN "extent_min_e" double precision;--> statement-breakpoint
ALTER TABLE "site_drawings" ADD COLUMN "extent_min_n" double precision;--> statement-breakpoint
ALTER TABLE "site_drawings" ADD COLUMN "extent_max_e" double precision;--> statement-breakpoint
ALTER TABLE "site_drawings" ADD COLUMN "extent_max_n" double precision;--> statement-breakpoint
ALTER TABLE "site_drawings" ADD CONSTRAINT "site_drawings_extent_check" CHECK (num_nonnulls("site_drawings"."extent_min_e", "site_drawings"."extent_min_n", "site_drawings"."extent_max_e", "site_drawings"."extent_max_n") = 0 or (num_nonnulls("site_drawings"."extent_min_e", "site_drawings"."extent_min_n", "site_drawings"."extent_max_e", "site_drawings"."extent_max_n") = 4 and "site_drawings"."extent_min_e" < "site_drawings"."extent_max_e" and "site_drawings"."extent_min_n" < "site_drawings"."extent_max_n"));