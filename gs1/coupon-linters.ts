import { fullYear } from './linters';
import type { Gs1ProblemCode } from './types';

/**
 * The North American coupon linters of AIs 8110 and 8112, after GS1's reference engine
 * (gs1-syntax-engine src/c-lib/syntax/lint_couponcode.c, lint_couponposoffer.c; the fields are
 * those of the "North American Coupon Application Guideline Using GS1 DataBar Expanded
 * Symbols"). The value is all digits, read left to right as fixed fields and fields led by a
 * variable length indicator (VLI); each returns null or why the coupon is refused.
 */

/** Reads a coupon's digits from left to right; every method refuses by throwing a problem code. */
class CouponReader {
  private at = 0;
  constructor(private readonly digits: string) {}

  get done(): boolean {
    return this.at >= this.digits.length;
  }

  /** The next digit, which must be present and one of `allowed`. */
  digit(allowed: string): string {
    const d = this.digits[this.at];
    if (d === undefined || !allowed.includes(d)) throw 'badValue';
    this.at += 1;
    return d;
  }

  /** The next `length` digits, which must all be present. */
  take(length: number): string {
    if (this.digits.length - this.at < length) throw 'badValue';
    const part = this.digits.slice(this.at, this.at + length);
    this.at += length;
    return part;
  }

  /** A field led by its VLI: the VLI digit (one of `allowed`), then `length(vli)` digits. */
  field(allowed: string, length: (vli: number) => number): string {
    return this.take(length(Number(this.digit(allowed))));
  }

  /** An optional field present when the next digit is `indicator` (which is then consumed). */
  optional(indicator: string): boolean {
    if (this.digits[this.at] !== indicator) return false;
    this.at += 1;
    return true;
  }
}

const ALL = '0123456789';
/** A GS1 Company Prefix of VLI + 6 digits, at least four digits (the gcppos1 linter). */
const gcpLength = (vli: number) => vli + 6;
/** A purchase requirement: its VLI, the requirement, its code (0-4 or 9), a 3-digit family code. */
function purchase(reader: CouponReader): void {
  reader.field('12345', (vli) => vli);
  reader.digit('012349');
  reader.take(3);
}
/** A further purchase's company prefix: VLI 0-6 (that many digits + 6) or 9 (none: the primary one). */
const furtherGcp = (reader: CouponReader) => reader.field('01234569', (vli) => (vli === 9 ? 0 : vli + 6));

/** A YYMMDD date: month 01-12, a day of that month (never 00), the century as the yymmdd linter's. */
function yymmdd(value: string): boolean {
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  const year = fullYear(Number(value.slice(0, 2)));
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function readCoupon(reader: CouponReader): Gs1ProblemCode | null {
  reader.field('0123456', gcpLength); // primary GS1 Company Prefix
  reader.take(6); // offer code
  reader.field('12345', (vli) => vli); // save value
  purchase(reader); // primary purchase
  if (reader.optional('1')) {
    reader.digit('0123'); // additional purchase rules code
    purchase(reader);
    furtherGcp(reader);
  }
  if (reader.optional('2')) {
    purchase(reader);
    furtherGcp(reader);
  }
  let expiry: string | undefined;
  if (reader.optional('3')) {
    expiry = reader.take(6);
    if (!yymmdd(expiry)) return 'badDate';
  }
  if (reader.optional('4')) {
    const start = reader.take(6);
    if (!yymmdd(start)) return 'badDate';
    // The engine compares the six digits as written: a start after the expiry is refused.
    if (expiry !== undefined && start > expiry) return 'badDate';
  }
  if (reader.optional('5')) reader.field(ALL, gcpLength); // serial number
  if (reader.optional('6')) reader.field('1234567', gcpLength); // retailer GCP or GLN
  if (reader.optional('9')) {
    reader.digit('01256'); // save value code
    reader.digit('012'); // save value applies to item
    reader.digit(ALL); // store coupon flag
    reader.digit('01'); // don't multiply flag
  }
  return reader.done ? null : 'badValue';
}

function readPositiveOffer(reader: CouponReader): Gs1ProblemCode | null {
  reader.digit('01'); // format code
  reader.field('0123456', gcpLength); // funder
  reader.take(6); // offer code
  reader.field(ALL, gcpLength); // serial number
  return reader.done ? null : 'badValue';
}

const lint =
  (read: (reader: CouponReader) => Gs1ProblemCode | null) =>
  (value: string): Gs1ProblemCode | null => {
    if (!/^\d*$/.test(value)) return 'badCharacter';
    try {
      return read(new CouponReader(value));
    } catch (problem) {
      return problem as Gs1ProblemCode;
    }
  };

/** AI 8110: a coupon code of the North American coupon guideline. */
export const couponcode = lint(readCoupon);
/** AI 8112: a paperless coupon code (positive offer file). */
export const couponposoffer = lint(readPositiveOffer);
