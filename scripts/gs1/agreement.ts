// Prints how many of GS1's reference vectors (tests/fixtures/gs1-reference-vectors.json) our
// parser judges as the reference engine does. Usage: npm run bench:gs1
import { readFileSync } from 'node:fs';
import { GS, parseGs1, toBracketed } from '../../gs1';

interface Vector {
  source: string;
  mode: string;
  input: string;
  valid: boolean;
  aiData?: string;
}
const { vectors } = JSON.parse(readFileSync('tests/fixtures/gs1-reference-vectors.json', 'utf8')) as {
  vectors: Vector[];
};

const agrees = (v: Vector) => {
  const parsed = parseGs1(v.mode === 'data' ? `]C1${v.input.slice(1).replaceAll('^', GS)}` : v.input);
  if (!v.valid) return parsed.status !== 'ok';
  if (v.aiData === '') return parsed.status === 'notGs1';
  return parsed.status === 'ok' && toBracketed(parsed.elements) === v.aiData;
};
const bySource = new Map<string, [number, number]>();
for (const v of vectors) {
  const [good, all] = bySource.get(v.source) ?? [0, 0];
  bySource.set(v.source, [good + (agrees(v) ? 1 : 0), all + 1]);
}
for (const [source, [good, all]] of bySource) console.log(`${source}: ${good} of ${all} agree`);
const total = vectors.filter(agrees).length;
console.log(`total: ${total} of ${vectors.length} agree`);
