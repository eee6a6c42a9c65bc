CREATE TABLE "question_history" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"question" text NOT NULL,
	"context" text,
	"reference" text,
	"ai_response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_history_setting" (
	"user_id" text PRIMARY KEY NOT NULL,
	"keep" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question_history" ADD CONSTRAINT "question_history_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_history_setting" ADD CONSTRAINT "question_history_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_history_user_idx" ON "question_history" USING btree ("user_id","created_at");