/**
 * The results of one `npm run validate` run as test cases, and the two files a CI pipeline reads
 * them from: JUnit XML (Jenkins, GitLab, GitHub's test reporters) and plain JSON.
 */

export type CaseStatus = 'passed' | 'failed' | 'skipped';

/** What a check found, where: a JSON pointer into the configuration or into a sample (`/data/<field>`). */
export interface CaseMessage {
  pointer?: string;
  text: string;
  /** The error codes of a sample's field, as the server would answer them. */
  codes?: number[];
}

/** One check: the configuration itself, one compiled form, or one sample file. */
export interface TestCase {
  suite: 'configuration' | 'forms' | 'samples';
  /** `configuration`, `<barcode type> <form>` or the sample's file name. */
  name: string;
  /** The file checked: the configuration, or the sample. */
  file: string;
  status: CaseStatus;
  /** Where the form's fields are in the configuration (forms, and samples whose form was found). */
  pointer?: string;
  /** Samples: the form checked (`<barcode type> <form>`) and what the sample expected. */
  form?: string;
  expect?: 'valid' | 'invalid';
  /** Samples: what the sample proves, in its author's words. */
  description?: string;
  messages: CaseMessage[];
  /** Seconds the check took. */
  time: number;
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export function countCases(cases: readonly TestCase[]): Counts {
  const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const c of cases) counts[c.status] += 1;
  return counts;
}

/** The facts of a run that both reports carry. */
export interface RunFacts {
  config: string;
  data?: string;
  startedAt: Date;
  exitCode: number;
  cases: TestCase[];
}

const messageLine = (m: CaseMessage) => (m.pointer ? `${m.pointer}: ${m.text}` : m.text);

/** The JSON report: every case with its pointer, messages and codes, and the counts by suite. */
export function jsonReport(run: RunFacts): string {
  const suites = ['configuration', 'forms', 'samples'] as const;
  return `${JSON.stringify(
    {
      tool: 'npm run validate',
      config: run.config,
      data: run.data ?? null,
      startedAt: run.startedAt.toISOString(),
      exitCode: run.exitCode,
      summary: {
        ...countCases(run.cases),
        ...Object.fromEntries(suites.map((s) => [s, countCases(run.cases.filter((c) => c.suite === s))])),
      },
      // Milliseconds are as precise as a check's time means anything.
      cases: run.cases.map((c) => ({ ...c, time: Number(c.time.toFixed(3)) })),
    },
    null,
    2,
  )}\n`;
}

// Characters XML 1.0 cannot hold in any form (control characters, lone surrogates, U+FFFE/U+FFFF):
// written as \uXXXX so a message keeps saying what the file held and the report still parses.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const visible = (text: string) =>
  text.replace(NOT_XML, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0').toUpperCase()}`);

const XML_TEXT: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
// In attributes, quotes close the value and parsers fold white space to spaces unless it is a reference.
const XML_ATTRIBUTE: Record<string, string> = {
  ...XML_TEXT,
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
const xmlText = (text: string) => visible(text).replace(/[&<>]/g, (c) => XML_TEXT[c]!);
const xmlAttribute = (text: string) => visible(text).replace(/[&<>"'\t\n\r]/g, (c) => XML_ATTRIBUTE[c]!);

const attributes = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${xmlAttribute(String(value))}"`)
    .join('');

const seconds = (time: number) => time.toFixed(3);
const sumTime = (cases: readonly TestCase[]) => cases.reduce((sum, c) => sum + c.time, 0);

/** Failure and skip reasons are the case's messages, one a line; a passed case says them as its output. */
function testCaseXml(c: TestCase, suiteName: string): string {
  const open = `    <testcase${attributes({ name: c.name, classname: suiteName, file: c.file, time: seconds(c.time) })}>`;
  const details = [
    ...(c.description ? [c.description] : []),
    ...(c.form ? [`form: ${c.form}`] : []),
    ...(c.pointer ? [`configuration: ${c.pointer}`] : []),
    ...(c.expect ? [`expect: ${c.expect}`] : []),
    ...c.messages.map(messageLine),
  ].join('\n');
  const first = c.messages[0] ? messageLine(c.messages[0]) : c.status;
  const body: string[] = [];
  if (c.status === 'failed')
    body.push(`      <failure${attributes({ message: first, type: c.suite })}>${xmlText(details)}</failure>`);
  if (c.status === 'skipped') body.push(`      <skipped${attributes({ message: first })}/>`);
  if (c.status === 'passed' && details) body.push(`      <system-out>${xmlText(details)}</system-out>`);
  return body.length === 0 ? `${open}</testcase>` : [open, ...body, '    </testcase>'].join('\n');
}

/**
 * JUnit XML as its common readers take it: `testsuites` > `testsuite` (one per suite with cases)
 * > `testcase` with `failure` or `skipped`, each level with its counts and time.
 */
export function junitReport(run: RunFacts): string {
  const timestamp = run.startedAt.toISOString().slice(0, 19);
  const all = countCases(run.cases);
  const suites = (['configuration', 'forms', 'samples'] as const)
    .map((suite) => ({ suite, cases: run.cases.filter((c) => c.suite === suite) }))
    .filter((s) => s.cases.length > 0)
    .map(({ suite, cases }) => {
      const counts = countCases(cases);
      const name = `validate.${suite}`;
      return [
        `  <testsuite${attributes({
          name,
          tests: cases.length,
          failures: counts.failed,
          errors: 0,
          skipped: counts.skipped,
          time: seconds(sumTime(cases)),
          timestamp,
        })}>`,
        ...cases.map((c) => testCaseXml(c, name)),
        '  </testsuite>',
      ].join('\n');
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({
      name: `npm run validate ${run.config}`,
      tests: run.cases.length,
      failures: all.failed,
      errors: 0,
      skipped: all.skipped,
      time: seconds(sumTime(run.cases)),
      timestamp,
    })}>`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
