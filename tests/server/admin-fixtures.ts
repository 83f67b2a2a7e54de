import { expect } from 'vitest';
import { createAdmin, type NewAdmin } from '../../server/services/admin-auth';
import { Client, SEED, type TestServer } from './harness';

let n = 0;

/** An admin created as the command line does, and a client logged in to the admin area as them. */
export async function adminClient(
  server: TestServer,
  admin: Partial<NewAdmin> = {},
): Promise<{ client: Client; login: string; id: string }> {
  n += 1;
  const login = admin.login ?? `admin.${n}.${Math.floor(Math.random() * 1e6)}`;
  const { actor, password } = await createAdmin(
    server.ctx.db,
    { commandLine: true, enterpriseId: admin.enterpriseId ?? SEED.enterprise },
    {
      enterpriseId: SEED.enterprise,
      role: 'enterprise',
      name: `Admin ${n}`,
      projectCodes: [],
      ...admin,
      login,
    },
  );
  const client = new Client(server.app, `10.9.${Math.floor(n / 200)}.${n % 200}`);
  const res = await client.post('/api/admin/session', { login, password });
  expect(res.statusCode, res.body).toBe(200);
  return { client, login, id: actor.id };
}
