/**
 * `npm run admin -- create-admin --enterprise <id or name> --name <name> [--login <login>] [--project <code>]`
 * (docs/engineers/architecture.md): creates an admin of the admin area and prints its login name and its
 * one-time password once (stored only as a hash; there is no default password). Without
 * --project the admin is an enterprise admin; with it (repeatable), a project admin of those
 * projects. Works on the database the environment names (DATA_DIR or DATABASE_URL), migrated
 * and seeded as the server would; on PGlite the server must not be running on the same folder.
 * The creation is in the audit log as done by the command line.
 */
import { parseArgs } from 'node:util';
import { readEnvironment } from '../config';
import { findEnterprise, enterprisesOfProjectCode } from '../repositories/admins';
import { ApiFailure } from '../rules/api-failure';
import { loginFromName, ADMIN_LOGIN_PATTERN } from '../rules/admin-access';
import { createAdmin } from '../services/admin-auth';
import { openDatabase, setUpDatabase } from '../start';
import { servePidOf } from './backup-signal';

const USAGE =
  'usage: npm run admin -- create-admin --enterprise <id or name> --name <full name> [--login <login>] [--project <code>]...';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const [command, ...rest] = process.argv.slice(2);
if (command !== 'create-admin') fail(USAGE, 2);
const { values } = (() => {
  try {
    return parseArgs({
      args: rest,
      options: {
        enterprise: { type: 'string' },
        name: { type: 'string' },
        login: { type: 'string' },
        project: { type: 'string', multiple: true },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
})();
const name = values.name?.trim();
if (!values.enterprise || !name) fail(USAGE, 2);
const login = values.login ?? loginFromName(name);
if (!login || !new RegExp(ADMIN_LOGIN_PATTERN).test(login))
  fail(`--login must be 3 to 64 of a-z, 0-9, '.', '_', '-' (got ${login ?? 'nothing usable from --name'})`, 2);

const env = readEnvironment();
if (!env.databaseUrl && env.dataDir !== ':memory:' && servePidOf(env.dataDir)) {
  fail(
    `the server is running on ${env.dataDir} (PGlite belongs to one process): stop it first, or use DATABASE_URL`,
    2,
  );
}
const db = await openDatabase(env);
try {
  await setUpDatabase(db, env, () => undefined);
  const enterprise = await findEnterprise(db, values.enterprise);
  if (!enterprise) fail(`no enterprise with the id or name '${values.enterprise}'`);
  const projectCodes = [...new Set(values.project ?? [])];
  for (const code of projectCodes) {
    if (!(await enterprisesOfProjectCode(db, code)).includes(enterprise.id))
      fail(`no project '${code}' in ${enterprise.name}`);
  }
  const role = projectCodes.length > 0 ? 'project' : 'enterprise';
  const { password } = await createAdmin(
    db,
    { commandLine: true, enterpriseId: enterprise.id },
    {
      enterpriseId: enterprise.id,
      role,
      login,
      name,
      projectCodes,
    },
  );
  const what =
    role === 'enterprise'
      ? `enterprise admin of ${enterprise.name}`
      : `project admin of ${projectCodes.join(', ')} (${enterprise.name})`;
  console.info(`Admin created: ${name}, ${what}`);
  console.info(`  login:    ${login}`);
  console.info(`  password: ${password}`);
  console.info('The password is shown this once (only its hash is stored). Log in at /admin.');
} catch (error) {
  if (error instanceof ApiFailure && error.errors.login)
    fail(`the login '${login}' is taken: choose another with --login`);
  throw error;
} finally {
  await db.close();
}
