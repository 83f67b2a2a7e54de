// Extracts the published unit-test vectors of GS1's reference implementation, gs1-syntax-engine
// (https://github.com/gs1/gs1-syntax-engine, Apache-2.0, src/c-lib/{dl,ai,scandata}.c test
// sections), asks the engine itself for its verdict on each under its default options
// (scripts/gs1/reference-oracle.c) and writes them to tests/fixtures/gs1-reference-vectors.json.
// Usage: node scripts/gs1/reference-vectors.mjs <engine checkout> <oracle binary>
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [engine, oracle] = process.argv.slice(2);
if (!engine || !oracle) throw new Error('usage: reference-vectors.mjs <engine checkout> <oracle binary>');

/** C string literal body -> text. */
const unescapeC = (body) =>
  body.replace(/\\(x[0-9a-fA-F]{1,2}|.)/g, (_, e) =>
    e[0] === 'x' ? String.fromCharCode(parseInt(e.slice(1), 16)) : ({ n: '\n', t: '\t', r: '\r', 0: '\0' }[e] ?? e),
  );

/** The arguments of each call `name(...)` in `source`: each argument is its concatenated string literals, or null. */
function callsOf(source, name) {
  const calls = [];
  const re = new RegExp(`\\b${name}\\(`, 'g');
  while (re.exec(source)) {
    let i = re.lastIndex;
    let depth = 1;
    const args = [[]];
    while (i < source.length && depth > 0) {
      const c = source[i];
      if (c === '"') {
        let j = i + 1;
        while (source[j] !== '"') j += source[j] === '\\' ? 2 : 1;
        args.at(-1).push(unescapeC(source.slice(i + 1, j)));
        i = j + 1;
        continue;
      }
      if (c === '/' && source[i + 1] === '/') {
        i = source.indexOf('\n', i);
        continue;
      }
      if (c === '(') depth += 1;
      else if (c === ')') depth -= 1;
      else if (c === ',' && depth === 1) args.push([]);
      i += 1;
    }
    calls.push(args.map((parts) => (parts.length > 0 ? parts.join('') : null)));
  }
  return calls;
}

const testSection = (file) => {
  const text = readFileSync(join(engine, 'src/c-lib', file), 'utf8');
  return text.slice(text.indexOf('#ifdef UNIT_TESTS'));
};

const vectors = [];
const add = (source, input) => {
  if (typeof input !== 'string' || vectors.some((v) => v.input === input)) return;
  const mode = /^\]/.test(input)
    ? 'scan'
    : input.startsWith('(')
      ? 'ai'
      : input.startsWith('^')
        ? 'data'
        : /^https?:/i.test(input)
          ? 'dl'
          : null;
  if (mode) vectors.push({ source, mode, input });
};
const dl = testSection('dl.c');
for (const args of callsOf(dl, 'test_parseDLuri')) add('dl.c test_dl_parseDLuri', args[1]);
const ai = testSection('ai.c');
for (const args of callsOf(ai, 'test_parseAIdata')) add('ai.c test_ai_parseAIdata', args[1]);
for (const args of callsOf(ai, 'test_processAIdata')) add('ai.c test_ai_processAIdata', args[1]);
for (const args of callsOf(ai, 'test_validateAIs')) add('ai.c test_ai_validateAIs', args[2]);
const linters = ai.slice(ai.indexOf('void test_ai_linters'), ai.indexOf('void test_ai_errMarkup'));
for (const m of linters.matchAll(/\{\s*"((?:[^"\\]|\\.)*)"\s*,\s*GS1_LINTER_/g))
  add('ai.c test_ai_linters', unescapeC(m[1]));
const scan = testSection('scandata.c');
for (const args of callsOf(scan, 'test_testProcessScanData'))
  if (/^\](C1|e0|d2|Q3|J1)/.test(args[1] ?? '')) add('scandata.c test_scandata_processScanData', args[1]);

const hex = (s) => Buffer.from(s, 'latin1').toString('hex');
const answers = execFileSync(oracle, { input: vectors.map((v) => `${v.mode} ${hex(v.input)}\n`).join('') })
  .toString()
  .trim()
  .split('\n');
const fromHex = (h) => Buffer.from(h ?? '', 'hex').toString('latin1');
const out = vectors.map((v, i) => {
  const [verdict, payload] = answers[i].split(' ');
  return verdict === 'ok'
    ? { ...v, valid: true, aiData: fromHex(payload) }
    : { ...v, valid: false, reason: fromHex(payload) };
});
const commit = execFileSync('git', [
  '--git-dir',
  process.env.ENGINE_GIT_DIR ?? join(engine, '.git'),
  'rev-parse',
  'HEAD',
])
  .toString()
  .trim();
writeFileSync(
  'tests/fixtures/gs1-reference-vectors.json',
  `${JSON.stringify(
    {
      source: `https://github.com/gs1/gs1-syntax-engine at ${commit}, unit-test inputs of src/c-lib/dl.c, ai.c, scandata.c (Apache-2.0); verdicts from the engine itself under its default options (scripts/gs1/reference-oracle.c)`,
      vectors: out,
    },
    null,
    1,
  )}\n`,
);
console.log(`${out.length} vectors, ${out.filter((v) => v.valid).length} valid`);
