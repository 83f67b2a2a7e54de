import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGs1 } from '@gs1';
import { couponcode, couponposoffer } from '../../gs1/coupon-linters';

/**
 * The North American coupon linters against GS1's reference engine's own unit tests of them
 * (tests/fixtures/gs1-coupon-vectors.json: every UNIT_TEST_PASS / UNIT_TEST_FAIL input of
 * gs1-syntax-engine's lint_couponcode.c and lint_couponposoffer.c).
 */
interface Vector {
  linter: 'couponcode' | 'couponposoffer';
  input: string;
  valid: boolean;
  error?: string;
}
const { vectors } = JSON.parse(readFileSync('tests/fixtures/gs1-coupon-vectors.json', 'utf8')) as { vectors: Vector[] };
const LINT = { couponcode, couponposoffer };

describe('coupon linters (AIs 8110, 8112)', () => {
  it('give the reference engine verdict on each of its linter test inputs', () => {
    expect(vectors.length).toBeGreaterThan(400);
    const wrong = vectors
      .filter((v) => (LINT[v.linter](v.input) === null) !== v.valid)
      .map((v) => `${v.linter} ${v.input} ${v.error ?? 'valid'}`);
    expect(wrong).toEqual([]);
  });

  it('names a date problem for an impossible date and for a start after the expiry', () => {
    expect(couponcode('0123456123456111101233200230')).toBe('badDate');
    expect(couponcode('01234561234561111012335006064500607')).toBe('badDate');
    expect(couponcode('01234561234561111012335006064500606')).toBeNull();
    expect(couponcode('012345612345611110123x')).toBe('badCharacter');
  });

  it('refuses a scanned coupon element string whose inner fields are wrong, and reads a right one', () => {
    expect(parseGs1('(8110)106141416543213500110000310123196000')).toMatchObject({
      status: 'ok',
      elements: [{ ai: '8110' }],
    });
    expect(parseGs1('(8110)0123456123456111101239000')).toMatchObject({
      status: 'invalid',
      problems: [{ ai: '8110', code: 'badValue' }],
    });
    expect(parseGs1('(8112)201234561234560123456')).toMatchObject({ status: 'invalid', problems: [{ ai: '8112' }] });
  });
});
