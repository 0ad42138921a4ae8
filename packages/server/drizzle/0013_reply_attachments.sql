CREATE TABLE "clarification_reply_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"reply_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clarification_reply_attachments" ADD CONSTRAINT "clarification_reply_attachments_reply_id_clarification_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."clarification_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarification_reply_attachments" ADD CONSTRAINT "clarification_reply_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clarification_reply_attachments_reply_idx" ON "clarification_reply_attachments" USING btree ("reply_id");