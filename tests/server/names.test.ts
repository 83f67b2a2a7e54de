import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../schemas/error-codes';
import { adminClient } from './admin-fixtures';
import { Client, SEED, startTestServer, VISITOR, type TestServer } from './harness';

/**
 * Every name a person types (users, organizations, admins, projects, carriers registering
 * themselves) refuses line breaks, control characters and the invisible characters that reorder or
 * hide text, with ErrorCode.controlCharacters on the field, and writes nothing.
 */
let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await adminClient(server)).client;
});
afterAll(() => server.close());

/** Each character refused, by what it is. */
const REFUSED: [string, string][] = [
  ['carriage return', '\r'],
  ['line feed', '\n'],
  ['CR LF', '\r\n'],
  ['tab', '\t'],
  ['bell', '\u0007'],
  ['escape', '\u001b'],
  ['unit separator', '\u001f'],
  ['delete', '\u007f'],
  ['next line (C1)', '\u0085'],
  ['control sequence introducer (C1)', '\u009b'],
  ['application program command (C1)', '\u009f'],
  ['Arabic letter mark', '\u061c'],
  ['left-to-right mark', '\u200e'],
  ['right-to-left mark', '\u200f'],
  ['left-to-right embedding', '\u202a'],
  ['right-to-left embedding', '\u202b'],
  ['pop directional formatting', '\u202c'],
  ['left-to-right override', '\u202d'],
  ['right-to-left override', '\u202e'],
  ['left-to-right isolate', '\u2066'],
  ['right-to-left isolate', '\u2067'],
  ['first strong isolate', '\u2068'],
  ['pop directional isolate', '\u2069'],
  ['line separator', '\u2028'],
  ['paragraph separator', '\u2029'],
  ['zero width space', '\u200b'],
  ['soft hyphen', '\u00ad'],
  ['Mongolian vowel separator', '\u180e'],
  ['word joiner', '\u2060'],
  ['invisible separator', '\u2063'],
  ['inhibit symmetric swapping', '\u206a'],
  ['byte order mark', '\ufeff'],
  ['interlinear annotation anchor', '\ufff9'],
];

let address = 0;
const fresh = () => new Client(server.app, `10.44.${Math.floor(address / 200)}.${(address += 1) % 200}`);

/** Each name field: the request that carries it, with the other fields valid. */
const FIELDS: { route: string; field: string; send(name: string): ReturnType<Client['post']> }[] = [
  ...(['firstName', 'lastName', 'organizationName'] as const).map((field) => ({
    route: 'POST /api/admin/users',
    field,
    send: (name: string) =>
      admin.post('/api/admin/users', {
        userType: 'staff',
        firstName: 'Ren',
        lastName: 'Ito',
        organizationName: 'FrostLine Logistics',
        projectCode: 'demo',
        [field]: name,
      }),
  })),
  ...(['firstName', 'lastName'] as const).map((field) => ({
    route: 'POST /api/user/carrier-user/self',
    field,
    send: (name: string) =>
      fresh().post('/api/user/carrier-user/self', {
        projectId: SEED.demoProject,
        firstName: 'Kai',
        lastName: 'Ono',
        visitorId: VISITOR,
        [field]: name,
      }),
  })),
  {
    route: 'POST /api/admin/projects',
    field: 'name',
    send: (name: string) =>
      admin.post('/api/admin/projects', {
        code: 'named',
        name,
        barcodeReaderType: 'camera',
        languages: ['en'],
        allowUserSelfRegister: false,
      }),
  },
  {
    route: 'POST /api/admin/admins',
    field: 'name',
    send: (name: string) => admin.post('/api/admin/admins', { name, login: 'named.admin', projectCodes: [] }),
  },
];

const TABLES = ['users', 'organizations', 'projects', 'admins', 'project_members', 'config_revisions', 'audit_log'];
const counts = async () => Promise.all(TABLES.map((table) => server.count(table)));

describe('a name with a line break, a control or an invisible character', () => {
  it.each(FIELDS.map((f) => [`${f.route} ${f.field}`, f] as const))(
    'is refused on %s with the field and ErrorCode.controlCharacters, writing nothing',
    async (_name, { field, send }) => {
      const before = await counts();
      for (const [what, character] of REFUSED) {
        // Inside a name, at its start and at its end: wherever it hides, it is found.
        for (const name of [`Ren${character}Ito`, `${character}Ren`, `Ren${character}`]) {
          const res = await send(name);
          expect(res.statusCode, `${what} in ${JSON.stringify(name)}: ${res.body}`).toBe(400);
          expect(res.json(), what).toEqual({ errors: { [field]: [ErrorCode.controlCharacters] } });
        }
      }
      expect(await counts()).toEqual(before);
    },
  );

  it('refuses the organization that forged a header line, and makes no organization of it', async () => {
    const before = await server.count('organizations');
    const res = await admin.post('/api/admin/users', {
      userType: 'staff',
      firstName: 'Ren',
      lastName: 'Ito',
      organizationName: 'a\r\nSet-Cookie: x=1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { organizationName: [ErrorCode.controlCharacters] } });
    expect(await server.count('organizations')).toBe(before);
  });

  it('that is nothing but white space is still a format error, not a control character', async () => {
    const res = await admin.post('/api/admin/projects', {
      code: 'blank',
      name: '   ',
      barcodeReaderType: 'camera',
      languages: ['en'],
      allowUserSelfRegister: false,
    });
    expect(res.json()).toEqual({ errors: { name: [ErrorCode.invalidFormat] } });
  });
});

describe('a name in any script', () => {
  // Accents, CJK, Arabic with a zero width non-joiner, emoji with a zero width joiner, a flag and a
  // variation selector: the joiners and selectors that writing and emoji need are not refused.
  const first = 'Zoë Ðặng';
  const last = '山田 太郎 👩\u200d🔧';
  const organization = 'Société 冷链 株式会社 🇯🇵 ❤\ufe0f';
  const persian = 'می\u200cخواهم';

  it('is accepted for a user and their organization, and stored as typed', async () => {
    const res = await admin.post('/api/admin/users', {
      userType: 'staff',
      firstName: first,
      lastName: last,
      organizationName: organization,
      projectCode: 'demo',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({
      firstName: first,
      lastName: last,
      fullName: `${first} ${last}`,
      organizationName: organization,
    });
  });

  it('is accepted for a carrier registering themselves', async () => {
    const res = await fresh().post('/api/user/carrier-user/self', {
      projectId: SEED.demoProject,
      firstName: persian,
      lastName: last,
      visitorId: VISITOR,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('is accepted for a project and an admin', async () => {
    const project = await admin.post('/api/admin/projects', {
      code: 'kaigai',
      name: `Café 海外 ${persian} 📦`,
      barcodeReaderType: 'camera',
      languages: ['en', 'ja'],
      allowUserSelfRegister: false,
    });
    expect(project.statusCode, project.body).toBe(200);
    expect(project.json().data.name).toBe(`Café 海外 ${persian} 📦`);
    const created = await admin.post('/api/admin/admins', {
      name: 'José Müller 李 🙂',
      login: 'jose.muller',
      projectCodes: ['kaigai'],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.admin.name).toBe('José Müller 李 🙂');
  });
});
