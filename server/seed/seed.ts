import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database, Queryable } from '../db/database';
import type { ProjectConfig } from '../../schemas/project-config';
import { hashPassword } from '../infra/crypto';
import { seedReferenceData } from '../domain/reference-data';
import { createUser, findUserByAccessCode, type NewUser } from '../domain/users';

const here = import.meta.dirname;

/** Fixed ids, so the seed is idempotent and tests can name them. */
export const SEED = {
  enterprise: '0b7285aa-0000-4000-8000-000000000001',
  otherEnterprise: '0b7285aa-0000-4000-8000-000000000002',
  staffOrg: '0b7285aa-0000-4000-8000-000000000011',
  clientOrg: '0b7285aa-0000-4000-8000-000000000012',
  otherOrg: '0b7285aa-0000-4000-8000-000000000013',
  demoProject: '0b7285aa-0000-4000-8000-000000000101',
  secureProject: '0b7285aa-0000-4000-8000-000000000102',
  /** Password of the staff user 1111-2222, needed on secure@1. */
  staffPassword: 'Frostline2026',
  staffPhone: { countryCode: '+81', number: '9012345678' },
  /** Address-book entries of the staff user 1111-2222. */
  staffAddressBook: ['0b7285aa-0000-4000-8000-000000000201', '0b7285aa-0000-4000-8000-000000000202'] as const,
};

/** The two saved addresses of the staff user: the plant the pallets leave and the distribution centre. */
const STAFF_ADDRESSES = [
  { companyName: 'FrostLine Pharma Osaka Plant', country: 'JPN', postalCode: '559-0034', prefecture: 'Osaka', address1: '2-1-5 Nankokita, Suminoe-ku', phoneNumber: '+81 6-6613-0001' },
  { companyName: 'FrostLine Kanto Distribution Centre', country: 'JPN', postalCode: '272-0002', prefecture: 'Chiba', address1: '4-12 Futamata Shinmachi, Ichikawa', phoneNumber: '+81 47-300-0002' },
];

/**
 * Creates a project row when it does not exist yet, with the configuration of its file in the
 * projects folder. Existing projects are left alone: the importer brings file edits in.
 */
async function ensureProject(db: Queryable, projectsDir: string, p: { id: string; code: string; name: string; logo?: string }): Promise<void> {
  const { rows } = await db.query('select 1 from projects where id = $1', [p.id]);
  if (rows[0]) return;
  const config = JSON.parse(readFileSync(join(projectsDir, `${p.code}@1.json`), 'utf8')) as ProjectConfig;
  const logo = p.logo ? Buffer.from(p.logo) : null;
  await db.query(
    `insert into projects (id, enterprise_id, code, version, name, config, custom_logo, custom_logo_type)
     values ($1, $2, $3, 1, $4, $5, $6, $7)`,
    [p.id, SEED.enterprise, p.code, p.name, JSON.stringify(config), logo, logo ? 'image/svg+xml' : null],
  );
}

/** Creates a demo user unless its access code exists; a password is hashed only when creating. */
async function ensureUser(db: Queryable, secret: string, accessCode: string, user: Omit<NewUser, 'passwordHash'>, password?: string): Promise<string> {
  const existing = await findUserByAccessCode(db, secret, accessCode);
  if (existing) return existing.id;
  const passwordHash = password === undefined ? null : await hashPassword(password);
  return (await createUser(db, secret, { ...user, passwordHash }, accessCode)).id;
}

/** The demo data of the README: two enterprises, projects demo@1 and secure@1, four users, the staff user's address book. */
export async function seedDemo(db: Database, secret: string, projectsDir: string): Promise<void> {
  await db.query(`insert into enterprises (id, name) values ($1, 'FrostLine Pharma'), ($2, 'Harbour Freight Co.') on conflict (id) do nothing`,
    [SEED.enterprise, SEED.otherEnterprise]);
  await db.query(
    `insert into organizations (id, enterprise_id, name) values ($1, $4, 'FrostLine Logistics'), ($2, $4, 'FrostLine Clients'),
       ($3, $5, 'Harbour Freight Depot') on conflict (id) do nothing`,
    [SEED.staffOrg, SEED.clientOrg, SEED.otherOrg, SEED.enterprise, SEED.otherEnterprise],
  );
  await ensureProject(db, projectsDir, { id: SEED.demoProject, code: 'demo', name: 'Cold-chain vaccine shipments', logo: readFileSync(join(here, 'demo-logo.svg'), 'utf8') });
  await ensureProject(db, projectsDir, { id: SEED.secureProject, code: 'secure', name: 'Controlled substances' });
  await seedReferenceData(db, SEED.demoProject);
  const staff = { userType: 'staff' as const, organizationId: SEED.staffOrg };
  const staffId = await ensureUser(db, secret, '11112222', {
    ...staff, firstName: 'Hana', lastName: 'Sato', phoneCountryCode: SEED.staffPhone.countryCode, phoneNumber: SEED.staffPhone.number,
  }, SEED.staffPassword);
  for (const [index, address] of STAFF_ADDRESSES.entries()) {
    await db.query('insert into address_book (id, user_id, address) values ($1, $2, $3) on conflict (id) do nothing', [SEED.staffAddressBook[index], staffId, JSON.stringify(address)]);
  }
  await ensureUser(db, secret, '33334444', { userType: 'client', organizationId: SEED.clientOrg, firstName: 'Kenji', lastName: 'Tanaka' });
  await ensureUser(db, secret, '55556666', { userType: 'staff', organizationId: SEED.otherOrg, firstName: 'Wei', lastName: 'Lin' });
  const limited = await ensureUser(db, secret, '77778888', { ...staff, firstName: 'Mai', lastName: 'Suzuki' });
  for (const project of [SEED.demoProject, SEED.secureProject]) {
    await db.query(
      `insert into project_members (project_id, user_id, can_generate_barcode, can_activate_barcode, can_add_tracking)
       values ($1, $2, false, true, true) on conflict (project_id, user_id) do nothing`,
      [project, limited],
    );
  }
}
