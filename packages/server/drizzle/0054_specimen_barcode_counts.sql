CREATE TABLE "specimen_barcode_counts" (
	"project_id" integer NOT NULL,
	"site_id" integer,
	"quarter" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"library" text NOT NULL,
	"received" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "specimen_barcode_counts_key" UNIQUE NULLS NOT DISTINCT("project_id","site_id","quarter","status","library","received")
);
