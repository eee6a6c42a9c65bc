CREATE TABLE "daily_prayer" (
	"id" text PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"reference" text,
	"translation" text,
	"source" text NOT NULL,
	"picture_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_prayer_day_unique" UNIQUE("day")
);
--> statement-breakpoint
CREATE TABLE "job_run" (
	"job" text NOT NULL,
	"key" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_run_job_key_pk" PRIMARY KEY("job","key")
);
