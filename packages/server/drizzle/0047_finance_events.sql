CREATE TABLE "finance_billable_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source_kind" text NOT NULL,
	"source_ref" text NOT NULL,
	"source_label" text NOT NULL,
	"direction" text NOT NULL,
	"reverses_id" bigint,
	"work_day" date NOT NULL,
	"service_key" text NOT NULL,
	"unit" text,
	"quantity" numeric(14, 4) NOT NULL,
	"status" text NOT NULL,
	"contract_id" integer,
	"contract_version_no" integer,
	"currency" text,
	"tax_inclusive" boolean,
	"unit_price" numeric(14, 4),
	"tax_rate" numeric(7, 6),
	"net" numeric(14, 2),
	"tax" numeric(14, 2),
	"gross" numeric(14, 2),
	"priced_at" timestamp with time zone,
	"resolve_reason" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "finance_billable_events_direction_ck" CHECK ("finance_billable_events"."direction" IN ('charge', 'reversal')),
	CONSTRAINT "finance_billable_events_reversal_ck" CHECK (("finance_billable_events"."direction" = 'charge') = ("finance_billable_events"."reverses_id" IS NULL)),
	CONSTRAINT "finance_billable_events_priced_ck" CHECK ("finance_billable_events"."status" <> 'priced' OR ("finance_billable_events"."unit_price" IS NOT NULL AND "finance_billable_events"."gross" IS NOT NULL AND "finance_billable_events"."currency" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "finance_billable_events" ADD CONSTRAINT "finance_billable_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_billable_events" ADD CONSTRAINT "finance_billable_events_contract_id_marketing_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."marketing_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_billable_events" ADD CONSTRAINT "finance_billable_events_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "finance_billable_events_source_uq" ON "finance_billable_events" USING btree ("source_kind","source_ref","project_id","direction");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_billable_events_reverses_uq" ON "finance_billable_events" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "finance_billable_events_project_idx" ON "finance_billable_events" USING btree ("project_id","work_day");--> statement-breakpoint
CREATE INDEX "finance_billable_events_status_idx" ON "finance_billable_events" USING btree ("status");