import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes a new SQL migration from changes to the schema.
// Migrations are applied by the server at start-up (server/db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});
