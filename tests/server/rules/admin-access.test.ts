import { describe, expect, it } from 'vitest';
import {
  adminRefusal,
  forbidden,
  loginFromName,
  mayAdminister,
  type AdminActor,
} from '../../../server/rules/admin-access';
import { answer, common, ENTERPRISE } from './fixtures';

const OTHER_ENTERPRISE = 'ent-harbour';
const ENTERPRISE_ADMIN: AdminActor = {
  id: 'a-ent',
  login: 'aiko.mori',
  name: 'Aiko Mori',
  role: 'enterprise',
  enterpriseId: ENTERPRISE,
  projectCodes: [],
};
/** Manages the demo project only. */
const PROJECT_ADMIN: AdminActor = {
  id: 'a-prj',
  login: 'ken.sato',
  name: 'Ken Sato',
  role: 'project',
  enterpriseId: ENTERPRISE,
  projectCodes: ['demo'],
};

describe('what an admin may administer', () => {
  it('any admin may use a route that names nothing (their own data, lists of what they manage)', () => {
    expect(mayAdminister(ENTERPRISE_ADMIN, {})).toBe(true);
    expect(mayAdminister(PROJECT_ADMIN, {})).toBe(true);
    expect(mayAdminister(PROJECT_ADMIN, { enterpriseWide: false })).toBe(true);
  });

  it('only an enterprise admin may act enterprise-wide (e.g. create a project)', () => {
    expect(mayAdminister(ENTERPRISE_ADMIN, { enterpriseWide: true })).toBe(true);
    expect(mayAdminister(PROJECT_ADMIN, { enterpriseWide: true })).toBe(false);
  });

  it('an admin acts on their own enterprise only', () => {
    expect(mayAdminister(ENTERPRISE_ADMIN, { enterpriseId: ENTERPRISE })).toBe(true);
    expect(mayAdminister(PROJECT_ADMIN, { enterpriseId: ENTERPRISE })).toBe(true);
    expect(mayAdminister(ENTERPRISE_ADMIN, { enterpriseId: OTHER_ENTERPRISE })).toBe(false);
    expect(mayAdminister(ENTERPRISE_ADMIN, { enterpriseWide: true, enterpriseId: OTHER_ENTERPRISE })).toBe(false);
  });

  it('an enterprise admin may touch every project of their enterprise, none of another enterprise', () => {
    expect(mayAdminister(ENTERPRISE_ADMIN, { projectCode: 'demo' }, ENTERPRISE)).toBe(true);
    expect(mayAdminister(ENTERPRISE_ADMIN, { projectCode: 'secure' }, ENTERPRISE)).toBe(true);
    expect(mayAdminister(ENTERPRISE_ADMIN, { projectCode: 'demo' }, OTHER_ENTERPRISE)).toBe(false);
  });

  it("a project that belongs to no enterprise (not found) is nobody's to administer", () => {
    expect(mayAdminister(ENTERPRISE_ADMIN, { projectCode: 'ghost' })).toBe(false);
  });

  it('a project admin may touch only the projects they manage', () => {
    expect(mayAdminister(PROJECT_ADMIN, { projectCode: 'demo' }, ENTERPRISE)).toBe(true);
    expect(mayAdminister(PROJECT_ADMIN, { enterpriseId: ENTERPRISE, projectCode: 'demo' }, ENTERPRISE)).toBe(true);
    expect(mayAdminister(PROJECT_ADMIN, { projectCode: 'secure' }, ENTERPRISE)).toBe(false);
  });

  it("a project admin may not touch another enterprise's project, even one with the code of a project they manage", () => {
    expect(mayAdminister(PROJECT_ADMIN, { projectCode: 'demo' }, OTHER_ENTERPRISE)).toBe(false);
  });
});

describe('a request to an admin route without an admin session', () => {
  it('is refused (403) for a logged-in staff, carrier or client user', () => {
    expect(
      answer(() => {
        throw adminRefusal(true);
      }),
    ).toEqual(common(403, 403));
    expect(
      answer(() => {
        throw forbidden();
      }),
    ).toEqual(common(403, 403));
  });

  it('asks a visitor to log in (401, 2003)', () => {
    expect(
      answer(() => {
        throw adminRefusal(false);
      }),
    ).toEqual(common(2003, 401));
  });
});

describe('the login name suggested for a new admin', () => {
  it("is the person's name in lower case, its words joined by dots", () => {
    expect(loginFromName('Aiko Mori')).toBe('aiko.mori');
    expect(loginFromName('Taro Suzuki')).toBe('taro.suzuki');
  });

  it('turns any run of spaces and punctuation into one dot and drops it at either end', () => {
    expect(loginFromName('  Mori,   Aiko (QA)  ')).toBe('mori.aiko.qa');
    expect(loginFromName('.Aiko.')).toBe('aiko');
  });

  it('keeps digits, even first', () => {
    expect(loginFromName('3M Lab 2')).toBe('3m.lab.2');
  });

  it('reads full-width letters as plain ones', () => {
    expect(loginFromName('Ａｉｋｏ Ｍｏｒｉ')).toBe('aiko.mori');
  });

  it('is cut to 64 characters', () => {
    expect(loginFromName('x'.repeat(70))).toBe('x'.repeat(64));
  });

  it('is none when fewer than 3 usable characters are left', () => {
    expect(loginFromName('山田 太郎')).toBeNull();
    expect(loginFromName('Li')).toBeNull();
    expect(loginFromName('')).toBeNull();
    expect(loginFromName('Bo Li')).toBe('bo.li');
  });
});
