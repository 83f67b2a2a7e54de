import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { formsOf } from '@renderer';
import type { ProjectConfig } from '@schemas/project-config';

/**
 * `npm run validate` as QA meets it: the command run as its own process (what `npm run validate`
 * starts), its output, exit code and report files read back.
 */
const DEMO = 'server/projects/demo@1.json';
const EXAMPLES = 'docs/admins/qa-examples';

function validate(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/validate-config.ts', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, stdout: run.stdout.split('\n').filter(Boolean), stderr: run.stderr };
}

const tempDir = () => mkdtempSync(join(tmpdir(), 'qa-cli-'));
const writeSamples = (dir: string, samples: Record<string, unknown>) => {
  for (const [name, sample] of Object.entries(samples))
    writeFileSync(join(dir, name), typeof sample === 'string' ? sample : JSON.stringify(sample));
};
const STACK_LINE = /^\s+at /m;

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** A strict XML 1.0 parse (saxes throws on anything not well-formed) into a small tree. */
function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser();
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
      text: '',
    };
    stack.at(-1)?.children.push(element);
    stack.push(element);
    root ??= element;
  });
  parser.on('text', (text) => {
    const top = stack.at(-1);
    if (top) top.text += text;
  });
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  if (!root) throw new Error('no root element');
  return root;
}

const childrenNamed = (element: XmlElement, name: string) => element.children.filter((c) => c.name === name);

// Each case starts Node with tsx and the renderer: seconds on a busy machine.
describe('npm run validate as a command', { timeout: 120_000 }, () => {
  it('prints its usage with an example for --help and -h (exit 0), and without arguments (exit 2)', () => {
    for (const flag of ['--help', '-h']) {
      const { code, stdout, stderr } = validate(flag);
      expect(code).toBe(0);
      expect(stderr).toBe('');
      expect(stdout[0]).toMatch(/^usage: npm run validate -- <config\.json> .*--report junit=<file>/);
      expect(stdout).toContain('example:');
      expect(stdout.some((l) => l.includes('npm run validate -- server/projects/demo@1.json --data'))).toBe(true);
      expect(stdout.some((l) => l.startsWith('exit codes: 0'))).toBe(true);
    }
    const none = validate();
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^usage: npm run validate/);
    expect(none.stderr).not.toMatch(STACK_LINE);
  });

  it('refuses an unknown option, a missing file and a missing folder with one line each and exit 2', () => {
    const dir = tempDir();
    const cases: [string[], string][] = [
      [[DEMO, '--verbose'], "validate: unknown option '--verbose' (npm run validate -- --help lists the options)"],
      [[join(dir, 'nope@1.json')], `validate: no such file: ${join(dir, 'nope@1.json')}`],
      [[DEMO, '--data', join(dir, 'samples')], `validate: no such folder: ${join(dir, 'samples')} (--data)`],
      [[DEMO, '--report', 'xml=out.xml'], "validate: --report takes junit=<file> or json=<file>, not 'xml=out.xml'"],
    ];
    for (const [args, line] of cases) {
      const { code, stdout, stderr } = validate(...args);
      expect(code).toBe(2);
      expect(stdout).toEqual([]);
      expect(stderr).toBe(`${line}\n`);
    }
  });

  it('reports a bad sample file as one FAIL line with its reason and goes on to the next and the summary', () => {
    const dir = tempDir();
    writeSamples(dir, {
      'a-good.json': { barcodeType: 'logger', form: 'carrier/reading', data: { loggerTemperature: -20 } },
      'b-not-json.json': '{ broken',
      'c-not-a-sample.json': { barcodeType: 'logger', form: 'carrier/reading', expected: 'valid', data: {} },
      'd-wrong-expect.json': { barcodeType: 'logger', form: 'carrier/reading', expect: 'pass', data: {} },
      'e-array.json': '[1, 2]',
      'f-wrong-stage.json': { barcodeType: 'logger', form: 'activation', stage: 'tracking', data: {} },
      'g-no-form.json': { barcodeType: 'logger', form: 'nope', data: {} },
      'h-good.json': { barcodeType: 'logger', form: 'activation', data: { serialNumber: 'LG-1' } },
    });
    const { code, stdout, stderr } = validate(DEMO, '--data', dir);
    expect(stderr).toBe('');
    expect(stdout.filter((l) => /^(ok|FAIL) +[a-h]-/.test(l))).toEqual([
      'ok   a-good.json: valid',
      "FAIL b-not-json.json: not valid JSON: Expected property name or '}' in JSON at position 2",
      "FAIL c-not-a-sample.json: not a sample: unknown property 'expected' (a sample has barcodeType, form, stage, loggedIn, packageRequired, expect, description, data)",
      "FAIL d-wrong-expect.json: not a sample: 'expect' must be 'valid' or 'invalid', not 'pass'",
      'FAIL e-array.json: not a sample: a sample is an object with barcodeType, form and data',
      "FAIL f-wrong-stage.json: the activation form is drawn at the stage 'activation' or 'edit', not 'tracking'",
      "FAIL g-no-form.json: no form 'nope' in barcode type 'logger'",
      'ok   h-good.json: valid',
    ]);
    expect(stdout.slice(-2)).toEqual([
      'forms: 15 compiled, 0 failed; samples: 2 passed, 6 failed, 0 skipped',
      '6 failed',
    ]);
    expect(code).toBe(1);
  });

  it('reports the problems of a broken configuration and counts its samples as skipped', () => {
    const dir = tempDir();
    writeSamples(dir, { 'a.json': { barcodeType: 'box', form: 'activation', data: {} }, 'b.json': '{' });
    const junit = join(dir, 'qa.xml');
    const { code, stdout } = validate(
      'tests/fixtures/qa/broken-config.json',
      '--data',
      dir,
      '--report',
      `junit=${junit}`,
    );
    expect(stdout).toContain('skip a.json: not checked: the configuration has problems');
    expect(stdout.at(-2)).toBe('forms: 0 compiled, 0 failed; samples: 0 passed, 0 failed, 2 skipped');
    expect(code).toBe(1);
    const [configuration, samples] = childrenNamed(parseXml(readFileSync(junit, 'utf8')), 'testsuite');
    const failure = childrenNamed(childrenNamed(configuration!, 'testcase')[0]!, 'failure')[0]!;
    expect(failure.text).toContain('/barcodeTypes/box/activationFields/0/min: min (10) is greater than max (1)');
    expect(samples!.attributes).toMatchObject({ name: 'validate.samples', tests: '2', skipped: '2', failures: '0' });
    expect(childrenNamed(samples!, 'testcase').map((c) => childrenNamed(c, 'skipped')[0]?.attributes.message)).toEqual([
      'not checked: the configuration has problems',
      'not checked: the configuration has problems',
    ]);
  });

  it('checks samples of every form the phone draws: activation and edit, each trackpoint form, addresses, package', () => {
    const config = JSON.parse(readFileSync(DEMO, 'utf8')) as ProjectConfig;
    const dir = tempDir();
    const configured = Object.entries(config.barcodeTypes).flatMap(([barcodeType, type]) =>
      formsOf(barcodeType, type).map((f) => ({ barcodeType, form: f.form })),
    );
    // No form has this field: each refuses it, which proves the sample reached that very form.
    const samples = [
      ...configured,
      { barcodeType: 'pallet', form: 'activation', stage: 'edit' },
      { barcodeType: 'pallet', form: 'address' },
      { barcodeType: 'pallet', form: 'address', stage: 'activation' },
      { barcodeType: 'case', form: 'package', packageRequired: true },
      { barcodeType: 'case', form: 'package', stage: 'edit' },
    ];
    samples.forEach((s, i) =>
      writeFileSync(
        join(dir, `s${String(i).padStart(2, '0')}.json`),
        JSON.stringify({ ...s, expect: 'invalid', data: { notAField: 1 } }),
      ),
    );
    const json = join(dir, 'report.json');
    const { code, stdout } = validate(DEMO, '--data', dir, '--report', `json=${json}`);
    expect(stdout.filter((l) => l.startsWith('FAIL'))).toEqual([]);
    expect(stdout.filter((l) => l.startsWith('ok   s'))).toHaveLength(samples.length);
    // Forms with required fields also say those are missing; each says the unknown field is refused.
    for (const line of stdout.filter((l) => l.startsWith('ok   s')))
      expect(line).toMatch(/^ok {3}s\d\d\.json: invalid \(.*\/data\/notAField: 2200 Invalid key\./);
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { cases: { suite: string; form?: string }[] };
    expect(report.cases.filter((c) => c.suite === 'samples').map((c) => c.form)).toEqual([
      ...configured.map((s) => `${s.barcodeType} ${s.form}`),
      'pallet activation (edit)',
      'pallet address',
      'pallet address (activation)',
      'case package',
      'case package (edit)',
    ]);
  });

  it('writes JUnit XML and JSON reports of the worked example that a strict XML parser reads back', () => {
    const dir = tempDir();
    const junit = join(dir, 'reports', 'qa.xml');
    const json = join(dir, 'reports', 'qa.json');
    const { code, stdout } = validate(
      DEMO,
      '--data',
      EXAMPLES,
      '--report',
      `junit=${junit}`,
      '--report',
      `json=${json}`,
    );
    expect(code).toBe(1);
    expect(stdout).toContain(`report junit: ${junit}`);

    const root = parseXml(readFileSync(junit, 'utf8'));
    expect(root.name).toBe('testsuites');
    const suites = childrenNamed(root, 'testsuite');
    expect(suites.map((s) => s.attributes.name)).toEqual([
      'validate.configuration',
      'validate.forms',
      'validate.samples',
    ]);
    const cases = suites.flatMap((s) => childrenNamed(s, 'testcase'));
    for (const [element, list] of [
      [root, cases],
      ...suites.map((s) => [s, childrenNamed(s, 'testcase')] as const),
    ] as const) {
      expect(Number(element.attributes.tests)).toBe(list.length);
      expect(Number(element.attributes.failures)).toBe(list.filter((c) => childrenNamed(c, 'failure').length).length);
      expect(Number(element.attributes.skipped)).toBe(list.filter((c) => childrenNamed(c, 'skipped').length).length);
      expect(element.attributes.errors).toBe('0');
      expect(element.attributes.time).toMatch(/^\d+\.\d{3}$/);
    }
    const samples = childrenNamed(suites[2]!, 'testcase');
    const byName = new Map(samples.map((c) => [c.attributes.name, c]));
    const failures = samples.filter((c) => childrenNamed(c, 'failure').length > 0).map((c) => c.attributes.name);
    expect(failures).toEqual([
      'broken-expect.json',
      'broken-no-form.json',
      'broken-not-json.json',
      'broken-typo.json',
      'pickup-bad-phone.json',
    ]);
    const phone = childrenNamed(byName.get('pickup-bad-phone.json')!, 'failure')[0]!;
    expect(phone.attributes.message).toBe('/data/driverPhone: 1001 Invalid format.');
    expect(phone.text).toContain('configuration: /barcodeTypes/pallet/trackPoints/2/trackPointForms/0/customFields');
    const refused = childrenNamed(byName.get('pallet-edit-no-lot.json')!, 'system-out')[0]!;
    expect(refused.text).toContain('/data/lotNumber: 1000 This field is required.');
    expect(byName.get('receiving.json')!.attributes.file).toBe(join(EXAMPLES, 'receiving.json'));

    const report = JSON.parse(readFileSync(json, 'utf8')) as {
      exitCode: number;
      summary: { samples: { passed: number; failed: number; skipped: number } };
      cases: { name: string; status: string; messages: { pointer?: string; codes?: number[] }[] }[];
    };
    expect(report.exitCode).toBe(1);
    expect(report.cases.map((c) => c.name)).toEqual(cases.map((c) => c.attributes.name));
    expect(report.summary.samples).toEqual({ passed: 7, failed: 5, skipped: 0 });
    expect(report.cases.find((c) => c.name === 'pickup-bad-phone.json')?.messages).toEqual([
      { pointer: '/data/driverPhone', text: '1001 Invalid format.', codes: [1001] },
    ]);
  });

  it('escapes what a file name and a message hold, so the JUnit report still parses', () => {
    const dir = tempDir();
    const samples = join(dir, 'samples');
    mkdirSync(samples);
    const name = `a&<"'>.json`;
    writeSamples(samples, { [name]: '<x & "y">\u0001]]>' });
    const junit = join(dir, 'qa.xml');
    const { stdout } = validate(DEMO, '--data', samples, '--report', `junit=${junit}`);
    const fail = stdout.find((l) => l.startsWith('FAIL'))!;
    expect(fail.startsWith(`FAIL ${name}: not valid JSON: `)).toBe(true);
    const testcase = parseXml(readFileSync(junit, 'utf8'))
      .children.flatMap((s) => s.children)
      .find((c) => c.attributes.name === name)!;
    const failure = childrenNamed(testcase, 'failure')[0]!;
    // XML 1.0 cannot hold U+0001 at all: the report spells it out.
    const expected = fail.slice(`FAIL ${name}: `.length).replace('\u0001', '\\u0001');
    expect(failure.attributes.message).toBe(expected);
    expect(failure.text).toBe(expected);
  });
});
