import { readEnvironment } from './config';
import { openDatabase, prepareServer } from './start';

const env = readEnvironment();
const db = await openDatabase(env);
const { app } = await prepareServer(db, env, { logger: true, watchProjects: true });
await app.listen({ port: env.port, host: env.host });
const where = env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : env.dataDir === ':memory:' ? 'PGlite in memory (throwaway)' : `PGlite in ${env.dataDir}`;
console.log(`\n  Smart barcode is running: http://localhost:${env.port}/demo@1\n  Database: ${where}\n  Project configurations: ${env.projectsDir} (edits are picked up while running)\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
