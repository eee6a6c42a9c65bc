ALTER TABLE "library_catalogues" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "library_catalogues" ADD COLUMN "last_modified" text;--> statement-breakpoint
ALTER TABLE "library_catalogues" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
UPDATE "library_catalogues" SET "checked_at" = "fetched_at";