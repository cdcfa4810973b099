import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const pg = (globalThis as { __MIRRORLINE_PG__?: { stop(): Promise<void> } }).__MIRRORLINE_PG__;
  if (pg) return await pg.stop(); // the whole throw-away cluster goes, template included
  // An external server (TEST_DATABASE_URL): drop the run's template database.
  const template = process.env.TEST_TEMPLATE_DATABASE;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!template || !serverUrl) return;
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount) {
      await client.query(`ALTER DATABASE "${template}" WITH IS_TEMPLATE false`);
      await client.query(`DROP DATABASE "${template}"`);
    }
  } finally {
    await client.end();
  }
}
