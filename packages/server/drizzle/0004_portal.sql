CREATE SEQUENCE "public"."portal_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"label" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"area" text NOT NULL,
	"company" text,
	"detail" text NOT NULL,
	"email" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clarification_queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"query_no" text NOT NULL,
	"project_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"subject_no" text NOT NULL,
	"visit" text,
	"barcode" text,
	"query_type" text NOT NULL,
	"content" text NOT NULL,
	"needs_clarification" boolean NOT NULL,
	"image_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"raised_by" integer NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clarification_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"query_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"image_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consumable_kit_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kit_id" integer NOT NULL,
	"consumable_name" text NOT NULL,
	"size" text,
	"vendor" text,
	"unit" text NOT NULL,
	"quantity_per_kit" integer NOT NULL,
	"picture_file_id" integer,
	"scope_of_use" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consumable_kits" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"delivery_model" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consumable_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"kit_id" integer,
	"kit_name" text,
	"consumable_name" text NOT NULL,
	"size" text,
	"vendor" text,
	"unit" text NOT NULL,
	"quantity_per_kit" integer,
	"picture_file_id" integer,
	"scope_of_use" text,
	"kit_amount" integer NOT NULL,
	"delivery_model" text,
	"lot_number" text,
	"outbound_quantity" integer,
	"expiry_date" date,
	"certificate_file_id" integer,
	"hoped_arrival_date" date,
	"note" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consumable_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"project_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"status" text NOT NULL,
	"address_id" integer,
	"receive_address" jsonb NOT NULL,
	"expected_ship_date" date,
	"hoped_arrival_date" date,
	"note" text,
	"applicant_id" integer NOT NULL,
	"apply_time" timestamp with time zone NOT NULL,
	"auditor_id" integer,
	"audit_time" timestamp with time zone,
	"reject_reason" text,
	"courier" text,
	"express_no" text,
	"dispatcher_id" integer,
	"dispatch_time" timestamp with time zone,
	"received_by" integer,
	"received_at" timestamp with time zone,
	"cancel_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kit_supplies" (
	"id" serial PRIMARY KEY NOT NULL,
	"kit_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow" text NOT NULL,
	"record_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "sample_transport_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"transport_id" integer NOT NULL,
	"sample_type_id" integer NOT NULL,
	"temperature_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_transports" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"project_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"status" text NOT NULL,
	"temperature_id" integer NOT NULL,
	"sender" jsonb NOT NULL,
	"consignee" jsonb NOT NULL,
	"backup_contact" jsonb,
	"estimated_ship_date" date NOT NULL,
	"book_send_time" timestamp with time zone NOT NULL,
	"cold_chain" boolean DEFAULT false NOT NULL,
	"tat" integer,
	"transport_requirement" text,
	"note" text,
	"attachment_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"temperature_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"courier" text,
	"express_no" text,
	"dispatcher_id" integer,
	"dispatch_time" timestamp with time zone,
	"signer_id" integer,
	"signed_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancel_time" timestamp with time zone,
	"cancel_reason" text,
	"created_by" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarification_queries" ADD CONSTRAINT "clarification_queries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarification_queries" ADD CONSTRAINT "clarification_queries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarification_queries" ADD CONSTRAINT "clarification_queries_raised_by_users_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarification_replies" ADD CONSTRAINT "clarification_replies_query_id_clarification_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."clarification_queries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarification_replies" ADD CONSTRAINT "clarification_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_kit_items" ADD CONSTRAINT "consumable_kit_items_kit_id_consumable_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."consumable_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_kit_items" ADD CONSTRAINT "consumable_kit_items_picture_file_id_files_id_fk" FOREIGN KEY ("picture_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_kits" ADD CONSTRAINT "consumable_kits_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_order_lines" ADD CONSTRAINT "consumable_order_lines_order_id_consumable_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."consumable_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_order_lines" ADD CONSTRAINT "consumable_order_lines_kit_id_consumable_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."consumable_kits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_order_lines" ADD CONSTRAINT "consumable_order_lines_picture_file_id_files_id_fk" FOREIGN KEY ("picture_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_order_lines" ADD CONSTRAINT "consumable_order_lines_certificate_file_id_files_id_fk" FOREIGN KEY ("certificate_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_orders" ADD CONSTRAINT "consumable_orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_orders" ADD CONSTRAINT "consumable_orders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_orders" ADD CONSTRAINT "consumable_orders_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_orders" ADD CONSTRAINT "consumable_orders_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_orders" ADD CONSTRAINT "consumable_orders_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_orders" ADD CONSTRAINT "consumable_orders_dispatcher_id_users_id_fk" FOREIGN KEY ("dispatcher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_orders" ADD CONSTRAINT "consumable_orders_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_supplies" ADD CONSTRAINT "kit_supplies_kit_id_consumable_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."consumable_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_supplies" ADD CONSTRAINT "kit_supplies_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_supplies" ADD CONSTRAINT "kit_supplies_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_events" ADD CONSTRAINT "portal_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_transport_items" ADD CONSTRAINT "sample_transport_items_transport_id_sample_transports_id_fk" FOREIGN KEY ("transport_id") REFERENCES "public"."sample_transports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_transport_items" ADD CONSTRAINT "sample_transport_items_sample_type_id_sample_types_id_fk" FOREIGN KEY ("sample_type_id") REFERENCES "public"."sample_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_transport_items" ADD CONSTRAINT "sample_transport_items_temperature_id_temperatures_id_fk" FOREIGN KEY ("temperature_id") REFERENCES "public"."temperatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_transports" ADD CONSTRAINT "sample_transports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_transports" ADD CONSTRAINT "sample_transports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_transports" ADD CONSTRAINT "sample_transports_temperature_id_temperatures_id_fk" FOREIGN KEY ("temperature_id") REFERENCES "public"."temperatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_transports" ADD CONSTRAINT "sample_transports_dispatcher_id_users_id_fk" FOREIGN KEY ("dispatcher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_transports" ADD CONSTRAINT "sample_transports_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_transports" ADD CONSTRAINT "sample_transports_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_transports" ADD CONSTRAINT "sample_transports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clarification_queries_query_no_uq" ON "clarification_queries" USING btree ("query_no");--> statement-breakpoint
CREATE INDEX "clarification_queries_site_status_idx" ON "clarification_queries" USING btree ("site_id","status");--> statement-breakpoint
CREATE INDEX "clarification_replies_query_idx" ON "clarification_replies" USING btree ("query_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consumable_kits_project_name_uq" ON "consumable_kits" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "consumable_order_lines_order_idx" ON "consumable_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consumable_orders_order_no_uq" ON "consumable_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "consumable_orders_site_status_idx" ON "consumable_orders" USING btree ("site_id","status");--> statement-breakpoint
CREATE INDEX "consumable_orders_project_idx" ON "consumable_orders" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kit_supplies_kit_site_uq" ON "kit_supplies" USING btree ("kit_id","site_id");--> statement-breakpoint
CREATE INDEX "portal_events_record_idx" ON "portal_events" USING btree ("workflow","record_id");--> statement-breakpoint
CREATE INDEX "sample_transport_items_transport_idx" ON "sample_transport_items" USING btree ("transport_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_transports_order_no_uq" ON "sample_transports" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "sample_transports_site_status_idx" ON "sample_transports" USING btree ("site_id","status");