import type { Gs1ProblemCode } from './types';

/**
 * The content checks the GS1 Barcode Syntax Dictionary names, after GS1's reference linters
 * (gs1-syntax-engine src/c-lib/syntax/lint_*.c). Each returns null or why the component is refused.
 */
type Linter = (value: string) => Gs1ProblemCode | null;

const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;
const CSET82_ORDER = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const CSET32 = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const PRIMES = [
  2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103, 107, 109,
  113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191, 193, 197, 199, 211, 223, 227, 229, 233, 239,
  241, 251, 257, 263, 269, 271, 277, 281, 283, 293, 307, 311, 313, 317, 331, 337, 347, 349, 353, 359, 367, 373, 379,
  383, 389, 397, 401, 409, 419, 421, 431, 433, 439, 443, 449, 457, 461, 463, 467, 479, 487, 491, 499, 503, 509,
];

export const CSET_PATTERNS = {
  N: /^[0-9]*$/,
  X: CSET82,
  Y: /^[#\-/0-9A-Z]*$/,
  Z: /^[\-0-9A-Z_a-z]*$/,
} as const;

/** GS1 mod-10 check digit: the last digit checks all before it. */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i -= 1, weight = 4 - weight) sum += Number(digits[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

function checkPair(value: string): Gs1ProblemCode | null {
  if (value.length < 2 || value.length > PRIMES.length + 2) return 'checkDigit';
  const body = value.slice(0, -2);
  if (!CSET82.test(body)) return 'badCharacter';
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) sum += CSET82_ORDER.indexOf(body[i]!) * PRIMES[body.length - 1 - i]!;
  sum %= 1021;
  return value.slice(-2) === `${CSET32[sum >> 5]}${CSET32[sum & 31]}` ? null : 'checkDigit';
}

/** The reference linters' century rule: a two-digit year within 49 years back and 50 ahead of now. */
export function fullYear(yy: number, now = new Date()): number {
  const current = now.getUTCFullYear() % 100;
  const century = Math.floor(now.getUTCFullYear() / 100) * 100;
  const diff = yy - current;
  if (diff >= 51) return century - 100 + yy;
  if (diff > -50) return century + yy;
  return century + 100 + yy;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function date(year: number, mm: string, dd: string, dayZero: boolean): Gs1ProblemCode | null {
  const month = Number(mm);
  const day = Number(dd);
  if (month < 1 || month > 12) return 'badDate';
  if (day === 0) return dayZero ? null : 'badDate';
  return day <= daysIn(year, month) ? null : 'badDate';
}

const shortDate =
  (dayZero: boolean): Linter =>
  (v) =>
    /^\d{6}$/.test(v) ? date(fullYear(Number(v.slice(0, 2))), v.slice(2, 4), v.slice(4, 6), dayZero) : 'badDate';
const longDate =
  (dayZero: boolean): Linter =>
  (v) =>
    /^\d{8}$/.test(v) ? date(Number(v.slice(0, 4)), v.slice(4, 6), v.slice(6, 8), dayZero) : 'badDate';
const upTo =
  (max: number, length: number): Linter =>
  (v) =>
    new RegExp(`^\\d{${length}}$`).test(v) && Number(v) <= max ? null : 'badTime';
const range =
  (max: number): Linter =>
  (v) =>
    /^\d+$/.test(v) && Number(v) <= max ? null : 'badValue';
const gcp: Linter = (v) => (/^\d{4}/.test(v) ? null : 'badValue');

function pieceOfTotal(v: string): Gs1ProblemCode | null {
  if (!/^\d+$/.test(v) || v.length % 2 !== 0) return 'badValue';
  const piece = Number(v.slice(0, v.length / 2));
  const total = Number(v.slice(v.length / 2));
  return piece === 0 || total === 0 || piece > total ? 'badValue' : null;
}

function positionInSequence(v: string): Gs1ProblemCode | null {
  const m = /^([1-9]\d*)\/([1-9]\d*)$/.exec(v);
  return m && Number(m[1]) <= Number(m[2]) ? null : 'badValue';
}

function iban(v: string): Gs1ProblemCode | null {
  if (!/^[A-Z]{2}\d{2}[0-9A-Za-z]{1,30}$/.test(v)) return 'badValue';
  const moved = (v.slice(4) + v.slice(0, 4)).toUpperCase();
  let rest = 0;
  for (const c of moved) {
    const n = c >= 'A' ? String(c.charCodeAt(0) - 55) : c;
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1 ? null : 'checkDigit';
}

export const LINTERS: Record<string, Linter> = {
  csum: (v) => (hasValidCheckDigit(v) ? null : 'checkDigit'),
  csumalpha: checkPair,
  gcppos1: gcp,
  gcppos2: (v) => gcp(v.slice(1)),
  yymmd0: shortDate(true),
  yymmdd: shortDate(false),
  yyyymmd0: longDate(true),
  yyyymmdd: longDate(false),
  hh: upTo(23, 2),
  mi: upTo(59, 2),
  ss: upTo(59, 2),
  hhmi: (v) => (/^\d{4}$/.test(v) && Number(v.slice(0, 2)) <= 23 && Number(v.slice(2)) <= 59 ? null : 'badTime'),
  nonzero: (v) => (/^0*$/.test(v) ? 'badValue' : null),
  zero: (v) => (v === '0' ? null : 'badValue'),
  nozeroprefix: (v) => (/^[1-9]\d*$|^$/.test(v) ? null : 'badValue'),
  yesno: (v) => (v === '0' || v === '1' ? null : 'badValue'),
  winding: (v) => (/^[019]$/.test(v) ? null : 'badValue'),
  iso5218: (v) => (/^[0129]$/.test(v) ? null : 'badValue'),
  hyphen: (v) => (/^-+$/.test(v) ? null : 'badValue'),
  hasnondigit: (v) => (/\D/.test(v) ? null : 'badValue'),
  importeridx: (v) => (/^[-0-9A-Z_a-z]$/.test(v) ? null : 'badValue'),
  pcenc: (v) => (/%(?![0-9A-Fa-f]{2})/.test(v) ? 'badValue' : null),
  pieceoftotal: pieceOfTotal,
  posinseqslash: positionInSequence,
  latitude: (v) => (/^\d{10}$/.test(v) ? range(1800000000)(v) : 'badValue'),
  longitude: (v) => (/^\d{10}$/.test(v) ? range(3600000000)(v) : 'badValue'),
  iban,
};
