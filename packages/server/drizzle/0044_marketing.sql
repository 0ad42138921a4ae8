CREATE TABLE "marketing_contract_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"service_key" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"unit_price" numeric(14, 4) NOT NULL,
	"tax_rate" numeric(7, 6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_contract_projects" (
	"contract_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	CONSTRAINT "marketing_contract_projects_contract_id_project_id_pk" PRIMARY KEY("contract_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "marketing_contract_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"version_no" integer NOT NULL,
	"effective_from" date NOT NULL,
	"reason" text,
	"amount" numeric(14, 2) NOT NULL,
	"signed_file_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"status" text NOT NULL,
	"customer_id" integer NOT NULL,
	"quotation_id" integer NOT NULL,
	"party_a" text NOT NULL,
	"party_b" text NOT NULL,
	"currency" text NOT NULL,
	"tax_inclusive" boolean NOT NULL,
	"payment_terms" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"signed_file_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	"close_reason" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_customer_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"mobile" text,
	"email" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_customer_projects" (
	"customer_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	CONSTRAINT "marketing_customer_projects_customer_id_project_id_pk" PRIMARY KEY("customer_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "marketing_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"en_name" text,
	"type" text NOT NULL,
	"lang" text DEFAULT 'zh_CN' NOT NULL,
	"owner_id" integer NOT NULL,
	"tax_number" text,
	"bank_name" text,
	"bank_account" text,
	"billing_address" text,
	"note" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_discount_limits" (
	"role_id" integer PRIMARY KEY NOT NULL,
	"max_rate" numeric(7, 6) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_quotation_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"rate_line_id" integer,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"service_key" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"unit_price" numeric(14, 4) NOT NULL,
	"tax_rate" numeric(7, 6) NOT NULL,
	"discount_rate" numeric(7, 6) DEFAULT '0' NOT NULL,
	"list_amount" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"gross" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_quotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"customer_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"rate_card_version_id" integer NOT NULL,
	"currency" text NOT NULL,
	"tax_inclusive" boolean NOT NULL,
	"discount_rate" numeric(7, 6) DEFAULT '0' NOT NULL,
	"valid_until" date NOT NULL,
	"note" text,
	"list_amount" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"gross" numeric(14, 2) NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	"submitted_by" integer,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"return_reason" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_rate_card_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"version_no" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"note" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_rate_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"customer_id" integer,
	"project_id" integer,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"tax_inclusive" boolean NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_rate_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"service_key" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"unit_price" numeric(14, 4) NOT NULL,
	"tax_rate" numeric(7, 6) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_contract_lines" ADD CONSTRAINT "marketing_contract_lines_version_id_marketing_contract_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."marketing_contract_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_contract_projects" ADD CONSTRAINT "marketing_contract_projects_contract_id_marketing_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."marketing_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_contract_projects" ADD CONSTRAINT "marketing_contract_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_contract_versions" ADD CONSTRAINT "marketing_contract_versions_contract_id_marketing_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."marketing_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_contract_versions" ADD CONSTRAINT "marketing_contract_versions_signed_file_id_files_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_contract_versions" ADD CONSTRAINT "marketing_contract_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_contracts" ADD CONSTRAINT "marketing_contracts_customer_id_marketing_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."marketing_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_contracts" ADD CONSTRAINT "marketing_contracts_quotation_id_marketing_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."marketing_quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_contracts" ADD CONSTRAINT "marketing_contracts_signed_file_id_files_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_contracts" ADD CONSTRAINT "marketing_contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_contracts" ADD CONSTRAINT "marketing_contracts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_customer_contacts" ADD CONSTRAINT "marketing_customer_contacts_customer_id_marketing_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."marketing_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_customer_projects" ADD CONSTRAINT "marketing_customer_projects_customer_id_marketing_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."marketing_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_customer_projects" ADD CONSTRAINT "marketing_customer_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_customers" ADD CONSTRAINT "marketing_customers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_customers" ADD CONSTRAINT "marketing_customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_customers" ADD CONSTRAINT "marketing_customers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_discount_limits" ADD CONSTRAINT "marketing_discount_limits_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_discount_limits" ADD CONSTRAINT "marketing_discount_limits_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_quotation_lines" ADD CONSTRAINT "marketing_quotation_lines_quotation_id_marketing_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."marketing_quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_quotation_lines" ADD CONSTRAINT "marketing_quotation_lines_rate_line_id_marketing_rate_lines_id_fk" FOREIGN KEY ("rate_line_id") REFERENCES "public"."marketing_rate_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_quotations" ADD CONSTRAINT "marketing_quotations_customer_id_marketing_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."marketing_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_quotations" ADD CONSTRAINT "marketing_quotations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_quotations" ADD CONSTRAINT "marketing_quotations_rate_card_version_id_marketing_rate_card_versions_id_fk" FOREIGN KEY ("rate_card_version_id") REFERENCES "public"."marketing_rate_card_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_quotations" ADD CONSTRAINT "marketing_quotations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_quotations" ADD CONSTRAINT "marketing_quotations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_quotations" ADD CONSTRAINT "marketing_quotations_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_quotations" ADD CONSTRAINT "marketing_quotations_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_rate_card_versions" ADD CONSTRAINT "marketing_rate_card_versions_card_id_marketing_rate_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."marketing_rate_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_rate_card_versions" ADD CONSTRAINT "marketing_rate_card_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_rate_cards" ADD CONSTRAINT "marketing_rate_cards_customer_id_marketing_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."marketing_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_rate_cards" ADD CONSTRAINT "marketing_rate_cards_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_rate_cards" ADD CONSTRAINT "marketing_rate_cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_rate_lines" ADD CONSTRAINT "marketing_rate_lines_version_id_marketing_rate_card_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."marketing_rate_card_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_contract_lines_service_uq" ON "marketing_contract_lines" USING btree ("version_id","service_key");--> statement-breakpoint
CREATE INDEX "marketing_contract_projects_project_idx" ON "marketing_contract_projects" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_contract_versions_uq" ON "marketing_contract_versions" USING btree ("contract_id","version_no");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_contract_versions_effective_uq" ON "marketing_contract_versions" USING btree ("contract_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_contracts_number_uq" ON "marketing_contracts" USING btree ("number");--> statement-breakpoint
CREATE INDEX "marketing_contracts_customer_idx" ON "marketing_contracts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "marketing_customer_contacts_customer_idx" ON "marketing_customer_contacts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "marketing_customer_projects_project_idx" ON "marketing_customer_projects" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_customers_code_uq" ON "marketing_customers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_customers_name_uq" ON "marketing_customers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "marketing_customers_owner_idx" ON "marketing_customers" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "marketing_quotation_lines_quotation_idx" ON "marketing_quotation_lines" USING btree ("quotation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_quotations_number_uq" ON "marketing_quotations" USING btree ("number","revision");--> statement-breakpoint
CREATE INDEX "marketing_quotations_customer_idx" ON "marketing_quotations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "marketing_quotations_status_idx" ON "marketing_quotations" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_rate_card_versions_uq" ON "marketing_rate_card_versions" USING btree ("card_id","version_no");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_rate_cards_code_uq" ON "marketing_rate_cards" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_rate_lines_service_uq" ON "marketing_rate_lines" USING btree ("version_id","service_key");