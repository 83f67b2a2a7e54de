/**
 * The checks of `npm run validate` (scripts/validate-config.ts starts them once the command line
 * is understood): the configuration, its forms, the samples, the output and the reports.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BarcodeType } from '../../schemas/project-config';
import { qaCheck } from '../../renderer/config-check';
import { answerBeforeChecks, type ValidateOptions } from './args';
import { countCases, jsonReport, junitReport, type CaseMessage, type TestCase } from './report';
import { formOfSample, sampleErrors, sampleShapeProblems, type Sample } from './samples';

const ERROR_TEXT = JSON.parse(readFileSync(new URL('../../locales/en/errors.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>;
const describeCodes = (codes: number[]) => codes.map((c) => `${c} ${ERROR_TEXT[String(c)] ?? ''}`.trim()).join('; ');
/** A field's pointer in the sample file; `$common` (the data as a whole) is the data itself. */
const dataPointer = (field: string) => (field === '$common' ? '/data' : `/data/${field}`);

const seconds = (since: number) => (performance.now() - since) / 1000;

/** The configuration's own checks and its forms, as test cases and output lines. */
function checkConfiguration(
  options: ValidateOptions,
  print: (line: string) => void,
  cases: TestCase[],
): Record<string, BarcodeType> | null {
  const file = options.config;
  const started = performance.now();
  const configCase = (messages: CaseMessage[]): TestCase => ({
    suite: 'configuration',
    name: 'configuration',
    file,
    status: messages.length > 0 ? 'failed' : 'passed',
    messages,
    time: seconds(started),
  });
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const text = `not valid JSON: ${(error as Error).message}`;
    print(`FAIL ${file}: ${text}`);
    cases.push(configCase([{ text }]));
    return null;
  }
  const { problems, forms } = qaCheck(config);
  problems.forEach((p) => print(`FAIL ${file} ${p.pointer}: ${p.message}`));
  // A form ajv cannot compile is that form's failure; every other problem is the configuration's.
  const ofForm = (pointer: string) =>
    problems.filter((p) => p.key === 'formDoesNotCompile' && p.pointer.startsWith(pointer));
  const formProblems = new Set(forms.flatMap(({ form }) => ofForm(form.pointer)));
  cases.push(
    configCase(problems.filter((p) => !formProblems.has(p)).map((p) => ({ pointer: p.pointer, text: p.message }))),
  );
  for (const { form, user } of forms) {
    const failures = ofForm(form.pointer);
    if (options.out) {
      const dir = join(options.out, form.barcodeType);
      mkdirSync(dir, { recursive: true });
      const name = form.form.replace(/\//g, '.');
      writeFileSync(join(dir, `${name}.schema.json`), `${JSON.stringify(user.schema, null, 2)}\n`);
      writeFileSync(join(dir, `${name}.ui.json`), `${JSON.stringify(user.uiSchema, null, 2)}\n`);
    }
    if (failures.length === 0) print(`ok   ${form.barcodeType} ${form.form}: ${form.fields.length} fields`);
    cases.push({
      suite: 'forms',
      name: `${form.barcodeType} ${form.form}`,
      file,
      status: failures.length > 0 ? 'failed' : 'passed',
      pointer: form.pointer,
      messages:
        failures.length > 0
          ? failures.map((p) => ({ pointer: p.pointer, text: p.message }))
          : [{ text: `${form.fields.length} fields` }],
      time: 0,
    });
  }
  return forms.length > 0 ? (config as { barcodeTypes: Record<string, BarcodeType> }).barcodeTypes : null;
}

/** One sample file: read, its shape checked, its data checked against its form. Never throws. */
function checkSample(
  dir: string,
  name: string,
  barcodeTypes: Record<string, BarcodeType>,
  print: (line: string) => void,
): TestCase {
  const started = performance.now();
  const file = join(dir, name);
  const result = (status: TestCase['status'], messages: CaseMessage[], extra: Partial<TestCase> = {}): TestCase => ({
    suite: 'samples',
    name,
    file,
    status,
    ...extra,
    messages,
    time: seconds(started),
  });
  const refuse = (reason: string, extra: Partial<TestCase> = {}) => {
    print(`FAIL ${name}: ${reason}`);
    return result('failed', [{ text: reason }], extra);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const message = (error as Error).message;
    return refuse(error instanceof SyntaxError ? `not valid JSON: ${message}` : `cannot be read: ${message}`);
  }
  const shape = sampleShapeProblems(parsed);
  if (shape.length > 0) return refuse(`not a sample: ${shape.join('; ')}`);
  const sample = parsed as Sample;
  const expected = sample.expect ?? 'valid';
  const described = sample.description === undefined ? {} : { description: sample.description };
  try {
    const form = formOfSample(barcodeTypes, sample);
    if (typeof form === 'string') return refuse(form, { expect: expected, ...described });
    const facts = { form: form.label, pointer: form.pointer, expect: expected, ...described };
    const errors = Object.entries(sampleErrors(form, sample.data));
    const messages = errors.map(([field, codes]) => ({
      pointer: dataPointer(field),
      text: describeCodes(codes),
      codes,
    }));
    if (errors.length > 0 && expected === 'valid') {
      for (const m of messages) print(`FAIL ${name} (${form.label}) ${m.pointer}: ${m.text}`);
      return result('failed', messages, facts);
    }
    if (errors.length === 0 && expected === 'invalid') {
      const text = 'expected to be refused, but the data is valid';
      print(`FAIL ${name} (${form.label}): ${text}`);
      return result('failed', [{ text }], facts);
    }
    const why = messages.map((m) => `${m.pointer}: ${m.text}`).join('; ');
    print(`ok   ${name}: ${expected}${why ? ` (${why})` : ''}`);
    return result('passed', messages, facts);
  } catch (error) {
    // A form that failed to compile (already reported with the configuration) cannot check data.
    return refuse(`could not be checked: ${(error as Error).message}`, { expect: expected, ...described });
  }
}

/** The sample files of a folder: `*.json`, in name order. */
const sampleNames = (dir: string) =>
  readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort();

/** The whole command, for tests: what the command line asks for, then the checks. */
export function runValidate(
  argv: string[],
  print: (line: string) => void,
  printError: (line: string) => void = print,
): number {
  const answer = answerBeforeChecks(argv, print, printError);
  return typeof answer === 'number' ? answer : runChecks(answer, print, printError);
}

/** Every check of a run whose command line and paths are good; the exit code. */
export function runChecks(
  options: ValidateOptions,
  print: (line: string) => void,
  printError: (line: string) => void,
): number {
  const startedAt = new Date();
  const cases: TestCase[] = [];
  const barcodeTypes = checkConfiguration(options, print, cases);
  if (options.data !== undefined) {
    const names = sampleNames(options.data);
    if (names.length === 0) print(`note ${options.data} holds no *.json sample`);
    for (const name of names) {
      if (barcodeTypes) {
        cases.push(checkSample(options.data, name, barcodeTypes, print));
      } else {
        const text = 'not checked: the configuration has problems';
        print(`skip ${name}: ${text}`);
        cases.push({
          suite: 'samples',
          name,
          file: join(options.data, name),
          status: 'skipped',
          messages: [{ text }],
          time: 0,
        });
      }
    }
  }
  const samples = countCases(cases.filter((c) => c.suite === 'samples'));
  const forms = countCases(cases.filter((c) => c.suite === 'forms'));
  const all = countCases(cases);
  const exitCode = all.failed === 0 ? 0 : 1;
  let unwritten = false;
  for (const report of options.reports) {
    const facts = { config: options.config, data: options.data, startedAt, exitCode, cases };
    try {
      mkdirSync(dirname(report.file), { recursive: true });
      writeFileSync(report.file, report.kind === 'junit' ? junitReport(facts) : jsonReport(facts));
      print(`report ${report.kind}: ${report.file}`);
    } catch (error) {
      printError(`validate: cannot write the ${report.kind} report ${report.file}: ${(error as Error).message}`);
      unwritten = true;
    }
  }
  print(
    `forms: ${forms.passed} compiled, ${forms.failed} failed; ` +
      `samples: ${samples.passed} passed, ${samples.failed} failed, ${samples.skipped} skipped`,
  );
  print(all.failed === 0 ? 'all checks passed' : `${all.failed} failed`);
  // A pipeline must not read a verdict from a report that is not there.
  if (unwritten) return 2;
  return exitCode;
}
