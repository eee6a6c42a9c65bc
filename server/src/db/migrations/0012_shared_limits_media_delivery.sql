CREATE TABLE "media_file" (
	"key" text PRIMARY KEY NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_known" (
	"key" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "picture_use" RENAME TO "quota_use";--> statement-breakpoint
UPDATE "quota_use" SET "key" = 'pictures:' || "key";--> statement-breakpoint
DROP INDEX "picture_use_key_idx";--> statement-breakpoint
DROP INDEX "picture_use_at_idx";--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ALTER COLUMN "sent_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ALTER COLUMN "sent_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "news_post" ADD COLUMN "hero_image_url" text;--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ADD COLUMN "claimed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "media_file_used_idx" ON "media_file" USING btree ("last_used_at");--> statement-breakpoint
CREATE INDEX "sign_in_known_account_idx" ON "sign_in_known" USING btree ("account");--> statement-breakpoint
CREATE INDEX "sign_in_known_seen_idx" ON "sign_in_known" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "quota_use_key_idx" ON "quota_use" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "quota_use_at_idx" ON "quota_use" USING btree ("at");