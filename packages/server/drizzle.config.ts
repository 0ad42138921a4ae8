import { defineConfig } from 'drizzle-kit';

// Generation only needs the schema; the migrations are applied at start by src/db/client.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
