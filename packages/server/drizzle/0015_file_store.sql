CREATE INDEX "files_uploaded_by_idx" ON "files" USING btree ("uploaded_by");--> statement-breakpoint
-- File bytes move out of the database into the file store (src/lib/file-store.ts). SQL cannot write
-- files, so the bytes are parked here and the server moves them into the store at its first start
-- after this migration, then drops this table (src/modules/system/legacy-file-content.ts).
CREATE TABLE "files_legacy_content" AS SELECT "id", "content" FROM "files";--> statement-breakpoint
ALTER TABLE "files_legacy_content" ADD PRIMARY KEY ("id");--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "content";
