/**
 * A throwaway PostgreSQL database for a test file: created empty on the server at 127.0.0.1:5432
 * (user postgres, trust authentication) or at TEST_POSTGRES_URL, and dropped afterwards.
 * PostgreSQL is required, not optional: if it cannot be reached the test fails and says how to start it.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const HOW_TO_START = `The tests need PostgreSQL (version 13 or later) at ${redact(POSTGRES_ADMIN_URL)}, as a user allowed to create databases.
Start it with one of:
  sudo service postgresql start        (Debian/Ubuntu: sudo apt-get install postgresql; for trust authentication on 127.0.0.1
                                        set "host all postgres 127.0.0.1/32 trust" in pg_hba.conf and reload)
  docker run -d --name limitless-postgres -p 127.0.0.1:5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16
or set TEST_POSTGRES_URL=postgres://user:password@host:port/postgres to use another server.`;

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

async function connectAdmin(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL is not reachable (${(error as Error).message || String(error)}).\n${HOW_TO_START}`, { cause: error });
  }
  return client;
}

export interface ThrowawayDatabase {
  name: string;
  /** A connection URL for the new database. */
  url: string;
  /** Ends every connection to it and drops it. */
  drop(): Promise<void>;
}

/** Empty, or a copy of `template` (a database nobody is connected to, e.g. the run's seeded one). */
export async function createThrowawayDatabase(template?: string): Promise<ThrowawayDatabase> {
  // Names are quoted identifiers built from hex only, so they need no escaping.
  const name = `limitless_test_${randomBytes(6).toString("hex")}`;
  const admin = await connectAdmin();
  try {
    await admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template.replace(/"/g, '""')}"` : `CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = await connectAdmin();
      try {
        // FORCE ends the connections a test that failed half-way may have left open.
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
