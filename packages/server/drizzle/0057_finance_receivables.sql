CREATE TABLE "finance_allocations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"statement_id" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"unallocated_by" integer,
	"unallocated_at" timestamp with time zone,
	"unallocate_reason" text,
	CONSTRAINT "finance_allocations_amount_ck" CHECK ("finance_allocations"."amount" > 0),
	CONSTRAINT "finance_allocations_undone_ck" CHECK (("finance_allocations"."unallocated_at" IS NULL) = ("finance_allocations"."unallocated_by" IS NULL) AND ("finance_allocations"."unallocated_at" IS NULL) = ("finance_allocations"."unallocate_reason" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "finance_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"received_on" date NOT NULL,
	"bank_ref" text NOT NULL,
	"payer" text NOT NULL,
	"note" text,
	"slip_file_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "finance_payments_amount_ck" CHECK ("finance_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "marketing_contracts" ADD COLUMN "payment_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_allocations" ADD CONSTRAINT "finance_allocations_payment_id_finance_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."finance_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_allocations" ADD CONSTRAINT "finance_allocations_statement_id_finance_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."finance_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_allocations" ADD CONSTRAINT "finance_allocations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_allocations" ADD CONSTRAINT "finance_allocations_unallocated_by_users_id_fk" FOREIGN KEY ("unallocated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payments" ADD CONSTRAINT "finance_payments_customer_id_marketing_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."marketing_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payments" ADD CONSTRAINT "finance_payments_slip_file_id_files_id_fk" FOREIGN KEY ("slip_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payments" ADD CONSTRAINT "finance_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finance_allocations_payment_idx" ON "finance_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "finance_allocations_statement_idx" ON "finance_allocations" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "finance_payments_customer_idx" ON "finance_payments" USING btree ("customer_id");