import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database, Queryable } from '../db/database';
import type { Address } from '../../schemas/api/barcode';
import type { ProjectConfig } from '../../schemas/project-config';
import { hashPassword } from '../infra/crypto';
import { saveAddress } from '../repositories/addresses';
import { ensureEnterprise, ensureOrganization } from '../repositories/organizations';
import { addMember, insertProject, projectIdExists } from '../repositories/projects';
import { insertReferenceValue } from '../repositories/reference-data';
import { createUser, findUserByAccessCode, type NewUser } from '../services/users';
import { seedLocations } from './locations';

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
  /** Harbour Freight's own project, where its staff log in. */
  harbourProject: '0b7285aa-0000-4000-8000-000000000103',
  /** Password of the staff user 1111-2222, needed on secure@1. */
  staffPassword: 'Frostline2026',
  staffPhone: { countryCode: '+81', number: '9012345678' },
  /** Address-book entries of the staff user 1111-2222. */
  staffAddressBook: ['0b7285aa-0000-4000-8000-000000000201', '0b7285aa-0000-4000-8000-000000000202'] as const,
};

/** The two saved addresses of the staff user, by address-book id: the plant the pallets leave and the distribution centre. */
const STAFF_ADDRESSES: [string, Address][] = [
  [
    SEED.staffAddressBook[0],
    {
      companyName: 'FrostLine Pharma Osaka Plant',
      country: 'JPN',
      postalCode: '559-0034',
      prefecture: 'Osaka',
      address1: '2-1-5 Nankokita, Suminoe-ku',
      phoneNumber: '+81 6-6613-0001',
    },
  ],
  [
    SEED.staffAddressBook[1],
    {
      companyName: 'FrostLine Kanto Distribution Centre',
      country: 'JPN',
      postalCode: '272-0002',
      prefecture: 'Chiba',
      address1: '4-12 Futamata Shinmachi, Ichikawa',
      phoneNumber: '+81 47-300-0002',
    },
  ],
];

/**
 * Creates a project row when it does not exist yet, with the configuration of its file in the
 * projects folder. Existing projects are left alone: the importer brings file edits in.
 */
async function ensureProject(
  db: Queryable,
  projectsDir: string,
  p: { id: string; code: string; name: string; logo?: string; enterpriseId?: string },
): Promise<void> {
  if (await projectIdExists(db, p.id)) return;
  const config = JSON.parse(readFileSync(join(projectsDir, `${p.code}@1.json`), 'utf8')) as ProjectConfig;
  const logo = p.logo ? { bytes: Buffer.from(p.logo), type: 'image/svg+xml' } : null;
  const enterpriseId = p.enterpriseId ?? SEED.enterprise;
  await insertProject(db, { id: p.id, enterpriseId, code: p.code, name: p.name, config, logo });
}

/**
 * Demo reference data: what an ERP import would bring for purchase order PO-DEMO-1. A demo barcode
 * generated or activated with external id 'PO-DEMO-1' shows these values in its reference fields.
 */
async function seedReferenceData(db: Queryable, projectId: string): Promise<void> {
  const rows: [string, string][] = [
    ['purchaseOrder', 'PO-2026-0042'],
    ['supplierName', 'FrostLine Biologics, Osaka plant'],
    ['orderedCases', '40'],
  ];
  for (const [key, value] of rows) await insertReferenceValue(db, projectId, 'PO-DEMO-1', key, value);
}

/** Creates a demo user unless its access code exists; a password is hashed only when creating. */
async function ensureUser(
  db: Queryable,
  secret: string,
  accessCode: string,
  user: Omit<NewUser, 'passwordHash'>,
  password?: string,
): Promise<string> {
  const existing = await findUserByAccessCode(db, secret, accessCode);
  if (existing) return existing.id;
  const passwordHash = password === undefined ? null : await hashPassword(password);
  return (await createUser(db, secret, { ...user, passwordHash }, accessCode)).id;
}

/**
 * The demo data (docs/operators/install.md): two enterprises, projects demo@1 and secure@1 of the
 * first and harbour@1 of the second, their locations, four users, the staff user's address book.
 */
export async function seedDemo(db: Database, secret: string, projectsDir: string): Promise<void> {
  await ensureEnterprise(db, SEED.enterprise, 'FrostLine Pharma');
  await ensureEnterprise(db, SEED.otherEnterprise, 'Harbour Freight Co.');
  await ensureOrganization(db, { id: SEED.staffOrg, enterpriseId: SEED.enterprise, name: 'FrostLine Logistics' });
  await ensureOrganization(db, { id: SEED.clientOrg, enterpriseId: SEED.enterprise, name: 'FrostLine Clients' });
  await ensureOrganization(db, {
    id: SEED.otherOrg,
    enterpriseId: SEED.otherEnterprise,
    name: 'Harbour Freight Depot',
  });
  await ensureProject(db, projectsDir, {
    id: SEED.demoProject,
    code: 'demo',
    name: 'Cold-chain vaccine shipments',
    logo: readFileSync(join(here, 'demo-logo.svg'), 'utf8'),
  });
  await ensureProject(db, projectsDir, { id: SEED.secureProject, code: 'secure', name: 'Controlled substances' });
  await ensureProject(db, projectsDir, {
    id: SEED.harbourProject,
    code: 'harbour',
    name: 'Returnable crates',
    enterpriseId: SEED.otherEnterprise,
  });
  await seedReferenceData(db, SEED.demoProject);
  await seedLocations(db, SEED.enterprise);
  const staff = { userType: 'staff' as const, organizationId: SEED.staffOrg };
  const staffId = await ensureUser(
    db,
    secret,
    '11112222',
    {
      ...staff,
      firstName: 'Hana',
      lastName: 'Sato',
      phoneCountryCode: SEED.staffPhone.countryCode,
      phoneNumber: SEED.staffPhone.number,
    },
    SEED.staffPassword,
  );
  for (const [id, address] of STAFF_ADDRESSES) await saveAddress(db, id, staffId, address);
  await ensureUser(db, secret, '33334444', {
    userType: 'client',
    organizationId: SEED.clientOrg,
    firstName: 'Kenji',
    lastName: 'Tanaka',
  });
  await ensureUser(db, secret, '55556666', {
    userType: 'staff',
    organizationId: SEED.otherOrg,
    firstName: 'Wei',
    lastName: 'Lin',
  });
  const limited = await ensureUser(db, secret, '77778888', { ...staff, firstName: 'Mai', lastName: 'Suzuki' });
  for (const project of [SEED.demoProject, SEED.secureProject]) {
    await addMember(db, project, limited, {
      can_generate_barcode: false,
      can_activate_barcode: true,
      can_add_tracking: true,
      can_recall: false,
    });
  }
}
