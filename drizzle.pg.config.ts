import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes a migration for each database from the one schema (api/db/schema.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./api/db/schema-pg.ts",
  out: "./api/db/migrations-pg",
});
