CREATE TABLE "achievement" (
	"user_id" text NOT NULL,
	"id" text NOT NULL,
	"earned_on" text NOT NULL,
	CONSTRAINT "achievement_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "chapter_read" (
	"user_id" text NOT NULL,
	"book" integer NOT NULL,
	"chapter" integer NOT NULL,
	"day" text NOT NULL,
	"total_verses" integer NOT NULL,
	"verses_viewed" integer[] NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapter_read_user_id_book_chapter_day_pk" PRIMARY KEY("user_id","book","chapter","day")
);
--> statement-breakpoint
CREATE TABLE "plan_enrolment" (
	"user_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"books" text[],
	"days" integer,
	"started_on" text NOT NULL,
	"paused_on" text,
	"finished_on" text,
	"done" integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_enrolment_user_id_plan_id_pk" PRIMARY KEY("user_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "reading_behavior" (
	"user_id" text NOT NULL,
	"content_id" text NOT NULL,
	"completion_percentage" integer NOT NULL,
	"verses_viewed" integer NOT NULL,
	"completed" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_behavior_user_id_content_id_pk" PRIMARY KEY("user_id","content_id")
);
--> statement-breakpoint
CREATE TABLE "study_streak" (
	"user_id" text PRIMARY KEY NOT NULL,
	"current_streak" integer NOT NULL,
	"longest_streak" integer NOT NULL,
	"last_day" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "study_activity" ADD COLUMN "questions_asked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "study_activity" ADD COLUMN "chapters_moved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "show_in_rankings" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "achievement" ADD CONSTRAINT "achievement_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_read" ADD CONSTRAINT "chapter_read_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_enrolment" ADD CONSTRAINT "plan_enrolment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_behavior" ADD CONSTRAINT "reading_behavior_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_streak" ADD CONSTRAINT "study_streak_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_streak_rank_idx" ON "study_streak" USING btree ("last_day","current_streak");--> statement-breakpoint
CREATE INDEX "study_activity_day_idx" ON "study_activity" USING btree ("day","user_id");