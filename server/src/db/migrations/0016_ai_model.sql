CREATE TABLE "ai_engine_choice" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"model" text,
	"base_url" text,
	"revision" bigint DEFAULT 0 NOT NULL,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_model_download" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"file" text NOT NULL,
	"state" text NOT NULL,
	"bytes_done" bigint DEFAULT 0 NOT NULL,
	"bytes_total" bigint NOT NULL,
	"message" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"requested_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
