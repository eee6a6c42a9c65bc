CREATE TABLE "library_catalogues" (
	"repository" text PRIMARY KEY NOT NULL,
	"archive" "bytea",
	"fetched_at" timestamp with time zone,
	"tried_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "library_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "library_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"action" text NOT NULL,
	"module" text NOT NULL,
	"repository" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"bytes_done" bigint DEFAULT 0 NOT NULL,
	"bytes_total" bigint,
	"message" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"requested_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "library_module_parts" (
	"name" text NOT NULL,
	"part" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "library_module_parts_name_part_pk" PRIMARY KEY("name","part")
);
--> statement-breakpoint
CREATE TABLE "library_modules" (
	"name" text PRIMARY KEY NOT NULL,
	"repository" text NOT NULL,
	"version" text NOT NULL,
	"kind" text NOT NULL,
	"conf" "bytea" NOT NULL,
	"translation_code" text,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_repositories" (
	"name" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"catalogue_url" text NOT NULL,
	"package_url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"repositories_seeded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_catalogues" ADD CONSTRAINT "library_catalogues_repository_library_repositories_name_fk" FOREIGN KEY ("repository") REFERENCES "public"."library_repositories"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_module_parts" ADD CONSTRAINT "library_module_parts_name_library_modules_name_fk" FOREIGN KEY ("name") REFERENCES "public"."library_modules"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_jobs_state" ON "library_jobs" USING btree ("state","id");--> statement-breakpoint
INSERT INTO "library_state" ("id") VALUES (1) ON CONFLICT DO NOTHING;
