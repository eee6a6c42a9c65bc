CREATE TABLE "licensed_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "licensed_cache_fetched_idx" ON "licensed_cache" USING btree ("fetched_at");