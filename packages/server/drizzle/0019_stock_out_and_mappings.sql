CREATE TABLE "stock_out_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"en_name" text NOT NULL,
	"returns_sample" boolean NOT NULL,
	"needs_review" boolean DEFAULT false NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_out_types_code_uq" ON "stock_out_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_out_types_name_uq" ON "stock_out_types" USING btree ("name");