CREATE TABLE "library_custody_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"role" text NOT NULL,
	"method" text NOT NULL,
	"recipient_id" integer,
	"user_id" integer,
	"person_name" text NOT NULL,
	"card_no_masked" text,
	"score" real,
	"threshold" real,
	"device_type" text,
	"device_id" text,
	"verified_at" timestamp with time zone,
	"form_file_id" integer,
	"recorded_by" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"organisation" text NOT NULL,
	"role" text NOT NULL,
	"card_type" text NOT NULL,
	"card_no_masked" text NOT NULL,
	"card_no_hash" text NOT NULL,
	"phone" text,
	"user_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_custody_checks" ADD CONSTRAINT "library_custody_checks_bill_id_specimen_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."specimen_bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_custody_checks" ADD CONSTRAINT "library_custody_checks_recipient_id_library_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."library_recipients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_custody_checks" ADD CONSTRAINT "library_custody_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_custody_checks" ADD CONSTRAINT "library_custody_checks_form_file_id_files_id_fk" FOREIGN KEY ("form_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_custody_checks" ADD CONSTRAINT "library_custody_checks_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_recipients" ADD CONSTRAINT "library_recipients_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_recipients" ADD CONSTRAINT "library_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_recipients" ADD CONSTRAINT "library_recipients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_custody_checks_bill_uq" ON "library_custody_checks" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "library_custody_checks_form_uq" ON "library_custody_checks" USING btree ("form_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "library_recipients_card_uq" ON "library_recipients" USING btree ("project_id","card_no_hash");--> statement-breakpoint
CREATE INDEX "library_recipients_project_idx" ON "library_recipients" USING btree ("project_id","enabled");