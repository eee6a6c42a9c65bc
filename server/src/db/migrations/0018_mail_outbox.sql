CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_outbox_at_idx" ON "mail_outbox" USING btree ("at");