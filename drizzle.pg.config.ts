import { defineConfig } from "drizzle-kit";

// The PostgreSQL mirror of drizzle.config.ts: `npm run db:generate` writes a migration for each dialect.
export default defineConfig({
  dialect: "postgresql",
  schema: "./api/db/schema-pg.ts",
  out: "./api/db/migrations-pg",
});
