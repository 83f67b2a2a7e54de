import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GS, parseGs1, toBracketed } from '@gs1';

/**
 * GS1's reference implementation, gs1-syntax-engine, on its own published unit-test inputs
 * (tests/fixtures/gs1-reference-vectors.json: inputs from its src/c-lib test sections, verdicts
 * from the engine under its default options, see scripts/gs1/reference-vectors.mjs). Our parser
 * must give the same verdict (valid or not) and, when valid, the same element strings.
 */
interface Vector {
  source: string;
  mode: 'dl' | 'data' | 'ai' | 'scan';
  input: string;
  valid: boolean;
  aiData?: string;
}

const { vectors } = JSON.parse(readFileSync('tests/fixtures/gs1-reference-vectors.json', 'utf8')) as {
  vectors: Vector[];
};

/** The engine writes FNC1 as `^` in its "data" form; a scanner transmits GS. */
const asScanned = (v: Vector) => (v.mode === 'data' ? `]C1${v.input.slice(1).replaceAll('^', GS)}` : v.input);

function agrees(v: Vector): boolean {
  const parsed = parseGs1(asScanned(v));
  if (!v.valid) return parsed.status !== 'ok';
  // The engine takes any other text as plain (non-GS1) data for the symbol.
  if (v.aiData === '') return parsed.status === 'notGs1';
  return parsed.status === 'ok' && toBracketed(parsed.elements) === v.aiData;
}

describe('agreement with the GS1 reference implementation', () => {
  it('gives the verdict of gs1-syntax-engine on its published test vectors', () => {
    const disagreements = vectors.filter((v) => !agrees(v));
    console.log(`GS1 reference vectors: ${vectors.length - disagreements.length} of ${vectors.length} agree`);
    expect(vectors.length).toBeGreaterThan(390);
    expect(
      disagreements.map(
        (v) =>
          `${v.source}: ${JSON.stringify(v.input)} -> ${v.valid ? v.aiData : `refused (${(v as { reason?: string }).reason})`}; ours ${JSON.stringify(parseGs1(asScanned(v)))}`,
      ),
    ).toEqual([]);
  });
});
