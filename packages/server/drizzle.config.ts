import { defineConfig } from 'drizzle-kit';

// Generation only needs the schema; the migrations are applied at start by src/db/client.ts.
export default defineConfig({
  dialect: 'postgresql',
  // One file per domain: schema.ts (core) and schema-<domain>.ts added by later modules.
  schema: ['./src/db/schema.ts', './src/db/schema-*.ts'],
  out: './drizzle',
});
