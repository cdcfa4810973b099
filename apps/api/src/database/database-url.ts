import { Client } from 'pg';
import { runPgSql, sql } from '@mirrorline/shared';

/**
 * Makes sure the named database exists on the server behind `serverUrl` (a URL to any database on it),
 * creating it when missing. Used for the embedded server and for the per-spec test databases.
 */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`unsafe database name: ${database}`);
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await runPgSql(client, sql`SELECT 1 AS one FROM pg_database WHERE datname = ${database}`);
    // CREATE DATABASE takes no parameter: the name, checked above, is an identifier in the text.
    if (!found.length) await client.query(`CREATE DATABASE "${database}" TEMPLATE template0 ENCODING 'UTF8'`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`unsafe database name: ${database}`);
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
