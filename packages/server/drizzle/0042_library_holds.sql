CREATE TABLE "library_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"specimen_id" integer,
	"subject_id" integer,
	"project_id" integer NOT NULL,
	"reason" text NOT NULL,
	"set_by" integer NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	"lifted_by" integer,
	"lifted_at" timestamp with time zone,
	"lift_reason" text,
	CONSTRAINT "library_holds_one_target" CHECK (("library_holds"."specimen_id" is null) <> ("library_holds"."subject_id" is null)),
	CONSTRAINT "library_holds_kind" CHECK ("library_holds"."kind" in ('legal', 'consent'))
);
--> statement-breakpoint
ALTER TABLE "library_holds" ADD CONSTRAINT "library_holds_specimen_id_specimen_barcodes_id_fk" FOREIGN KEY ("specimen_id") REFERENCES "public"."specimen_barcodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_holds" ADD CONSTRAINT "library_holds_subject_id_lab_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."lab_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_holds" ADD CONSTRAINT "library_holds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_holds" ADD CONSTRAINT "library_holds_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_holds" ADD CONSTRAINT "library_holds_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_holds_specimen_active_uq" ON "library_holds" USING btree ("kind","specimen_id") WHERE "library_holds"."lifted_at" is null and "library_holds"."specimen_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "library_holds_subject_active_uq" ON "library_holds" USING btree ("kind","subject_id") WHERE "library_holds"."lifted_at" is null and "library_holds"."subject_id" is not null;--> statement-breakpoint
CREATE INDEX "library_holds_specimen_idx" ON "library_holds" USING btree ("specimen_id");--> statement-breakpoint
CREATE INDEX "library_holds_subject_idx" ON "library_holds" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "library_holds_project_idx" ON "library_holds" USING btree ("project_id","id");