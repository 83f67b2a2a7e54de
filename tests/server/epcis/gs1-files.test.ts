import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GS1_DIR_VARIABLE, GS1_SCHEMA_FILE, gs1ChecksRun, gs1Status, locateGs1Files } from './gs1-files';

// When the checks against GS1's EPCIS files run, skip or fail (docs/engineers/epcis-checks.md),
// on folder trees made for each case.

const root = mkdtempSync(join(tmpdir(), 'sb-gs1-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A folder tree under a fresh folder: each path a folder, or a file where it names GS1's schema. */
function tree(name: string, paths: string[]): string {
  const base = join(root, name);
  for (const path of paths) {
    if (path.endsWith(GS1_SCHEMA_FILE)) {
      mkdirSync(join(base, path, '..'), { recursive: true });
      writeFileSync(join(base, path), '{}');
    } else mkdirSync(join(base, path), { recursive: true });
  }
  return base;
}

const TESTS = 'work/repo/tests/server/epcis';
const SANDBOX_TESTS = 'work/repo/.stryker-tmp/sandbox-1/tests/server/epcis';

describe("GS1's EPCIS files", () => {
  it("are found in the project's shared folder beside the repository, also from Stryker's sandbox inside it", () => {
    const base = tree('found', [TESTS, SANDBOX_TESTS, `work/shared/standards/epcis/${GS1_SCHEMA_FILE}`]);
    for (const from of [TESTS, SANDBOX_TESTS]) {
      const files = locateGs1Files(join(base, from), {});
      expect(files).toMatchObject({ dir: join(base, 'work/shared/standards/epcis'), required: true });
      expect(gs1ChecksRun(files)).toBe(true);
      expect(gs1Status(files)).toContain(join(base, 'work/shared/standards/epcis'));
    }
  });

  it('are required where the shared folder is but they are not: their checks fail', () => {
    const base = tree('vanished', [TESTS, 'work/shared/standards/gs1']);
    const files = locateGs1Files(join(base, TESTS), { CI: '' });
    expect(files).toMatchObject({ dir: null, required: true });
    expect(gs1ChecksRun(files)).toBe(true);
    expect(gs1Status(files)).toMatch(/required here but missing: looked in .*work\/shared\/standards\/epcis/);
  });

  it('are skipped with a note where there is no shared folder, with or without CI set', () => {
    const base = tree('outsider', [TESTS, 'work/shared/notes']);
    for (const env of [{}, { CI: 'true' }]) {
      const files = locateGs1Files(join(base, TESTS), env);
      expect(files).toMatchObject({ dir: null, required: false });
      expect(gs1ChecksRun(files)).toBe(false);
      expect(gs1Status(files)).toMatch(/skipped .*set GS1_EPCIS_DIR to a folder holding GS1's EPCIS-JSON-Schema\.json/);
    }
  });

  it(`are read from ${GS1_DIR_VARIABLE} when it is set, and required there even with no shared folder`, () => {
    const base = tree('named', [TESTS, `elsewhere/gs1/${GS1_SCHEMA_FILE}`, 'work/shared/standards/epcis']);
    expect(locateGs1Files(join(base, TESTS), { [GS1_DIR_VARIABLE]: join(base, 'elsewhere/gs1') })).toMatchObject({
      dir: join(base, 'elsewhere/gs1'),
      required: true,
    });
    const missing = locateGs1Files(join(base, TESTS), { [GS1_DIR_VARIABLE]: join(base, 'elsewhere/none') });
    expect(missing).toMatchObject({ dir: null, required: true });
    expect(gs1Status(missing)).toContain(`${GS1_DIR_VARIABLE}=${join(base, 'elsewhere/none')}`);
    // Empty is unset: the shared folder decides (here it lacks the schema, so the checks must run and fail).
    expect(locateGs1Files(join(base, TESTS), { [GS1_DIR_VARIABLE]: '' })).toMatchObject({ dir: null, required: true });
  });
});
