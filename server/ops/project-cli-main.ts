/** Entry of `npm run project` (server/ops/project-cli.ts): opens the environment's database, runs, closes. */
import { readEnvironment } from '../config';
import { openDatabase, setUpDatabase } from '../start';
import { servePidOf } from './backup-signal';
import { HELP, runProjectCli, wantsHelp } from './project-cli';

// Help first: it needs no database, so it is printed while a server holds the embedded one.
if (wantsHelp(process.argv.slice(2))) {
  console.info(HELP);
  process.exit(0);
}
const env = readEnvironment();
if (!env.databaseUrl && env.dataDir !== ':memory:' && servePidOf(env.dataDir)) {
  console.error(
    `the server is running on ${env.dataDir} (PGlite belongs to one process): stop it first, or use DATABASE_URL`,
  );
  process.exit(2);
}
const db = await openDatabase(env);
try {
  await setUpDatabase(db, env, () => undefined);
  process.exitCode = await runProjectCli(db, process.argv.slice(2), (line) => console.info(line));
} finally {
  await db.close();
}
