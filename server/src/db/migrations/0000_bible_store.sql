CREATE TABLE "translation_texts" (
	"code" text NOT NULL,
	"part" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "translation_texts_code_part_pk" PRIMARY KEY("code","part")
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"language_name" text NOT NULL,
	"category" text NOT NULL,
	"licence" text NOT NULL,
	"source" text NOT NULL,
	"direction" text DEFAULT 'ltr' NOT NULL,
	"fingerprint" text NOT NULL,
	"format_version" integer NOT NULL,
	"book_count" integer NOT NULL,
	"verse_count" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "translation_texts" ADD CONSTRAINT "translation_texts_code_translations_code_fk" FOREIGN KEY ("code") REFERENCES "public"."translations"("code") ON DELETE cascade ON UPDATE no action;