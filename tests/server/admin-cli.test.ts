import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/database';
import { verifyPassword } from '../../server/infra/crypto';
import { runInGroup, stopGroups, temporaryFolder } from '../../scripts/process-group';

const folder = temporaryFolder('sb-admin-cli-');
afterAll(async () => {
  await stopGroups();
  rmSync(folder, { recursive: true, force: true });
});

/** `npm run admin -- ...` as an operator types it, on a fresh data folder. */
async function admin(...args: string[]): Promise<{ code: number | null; out: string }> {
  const { code, stdout, stderr } = await runInGroup(
    process.execPath,
    ['--import', 'tsx', 'server/ops/admin-cli.ts', ...args],
    { env: { ...process.env, DATA_DIR: folder, DATABASE_URL: '' }, timeoutMs: 170_000 },
  );
  return { code, out: stdout + stderr };
}

describe('npm run admin -- create-admin', () => {
  it('creates the first admin with a one-time password printed once, stored hashed, audited as the command line', async () => {
    const made = await admin('create-admin', '--enterprise', 'FrostLine Pharma', '--name', 'Aiko Mori');
    expect(made.code, made.out).toBe(0);
    expect(made.out).toContain('enterprise admin of FrostLine Pharma');
    const password = /password:\s+(\S+)/.exec(made.out)![1]!;
    const project = await admin(
      'create-admin',
      '--enterprise',
      'FrostLine Pharma',
      '--name',
      'Pat Lee',
      '--project',
      'demo',
    );
    expect(project.out).toContain('project admin of demo');
    const taken = await admin('create-admin', '--enterprise', 'FrostLine Pharma', '--name', 'Aiko Mori');
    expect(taken.code).toBe(1);
    expect(taken.out).toContain("the login 'aiko.mori' is taken");
    expect((await admin('create-admin', '--enterprise', 'No Such Co', '--name', 'X Y')).code).toBe(1);
    expect((await admin('create-admin', '--name', 'X Y')).code).toBe(2);
    expect(
      (await admin('create-admin', '--enterprise', 'FrostLine Pharma', '--name', 'X Y', '--project', 'nope')).code,
    ).toBe(1);

    const db = await openPglite(folder);
    try {
      const { rows } = await db.query<{ login: string; role: string; password_hash: string }>(
        'select login, role, password_hash from admins order by login',
      );
      expect(rows.map((r) => [r.login, r.role])).toEqual([
        ['aiko.mori', 'enterprise'],
        ['pat.lee', 'project'],
      ]);
      expect(rows[0]!.password_hash).not.toContain(password);
      expect(await verifyPassword(password, rows[0]!.password_hash)).toBe(true);
      const log = await db.query<{ actor_name: string; action: string; after: unknown }>(
        'select actor_name, action, after from audit_log order by id',
      );
      expect(log.rows.map((r) => [r.actor_name, r.action])).toEqual([
        ['command line', 'admin.create'],
        ['command line', 'admin.create'],
      ]);
      expect(JSON.stringify(log.rows)).not.toContain(password);
    } finally {
      await db.close();
    }
  }, 600_000);
});
