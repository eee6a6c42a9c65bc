CREATE TABLE "picture_report" (
	"picture_id" text NOT NULL,
	"reporter" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picture_report_picture_id_reporter_pk" PRIMARY KEY("picture_id","reporter")
);
--> statement-breakpoint
CREATE TABLE "picture_use" (
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picture" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"translation" text NOT NULL,
	"verse_text" text NOT NULL,
	"description" text NOT NULL,
	"recipe" jsonb NOT NULL,
	"engine" text NOT NULL,
	"image_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_verse" (
	"share_code" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"translation" text NOT NULL,
	"verse_text" text NOT NULL,
	"background_color" text NOT NULL,
	"text_color" text NOT NULL,
	"font_style" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"picture_id" text NOT NULL,
	"user_id" text,
	"owner_key_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "picture_report" ADD CONSTRAINT "picture_report_picture_id_picture_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."picture"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture" ADD CONSTRAINT "picture_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_verse" ADD CONSTRAINT "shared_verse_picture_id_picture_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."picture"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_verse" ADD CONSTRAINT "shared_verse_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "picture_use_key_idx" ON "picture_use" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "picture_use_at_idx" ON "picture_use" USING btree ("at");--> statement-breakpoint
CREATE INDEX "picture_list_idx" ON "picture" USING btree ("kind","reference","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "picture_image_key_idx" ON "picture" USING btree ("image_key");--> statement-breakpoint
CREATE INDEX "shared_verse_user_idx" ON "shared_verse" USING btree ("user_id","created_at");