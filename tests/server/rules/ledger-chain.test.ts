import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  entryHash,
  firstBrokenLogPosition,
  logHash,
  verifyChain,
  type LedgerEntry,
} from '../../../server/infra/ledger-chain';

describe('canonicalJson (RFC 8785)', () => {
  it('sorts members by UTF-16 code units at every depth and writes no whitespace', () => {
    // RFC 8785 section 3.2.3's sorting example.
    const sample = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    expect(canonicalJson(sample)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign",' +
        '"\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
    expect(canonicalJson({ b: [3, { z: 1, a: null }], a: 'x' })).toBe('{"a":"x","b":[3,{"a":null,"z":1}]}');
  });

  it('writes numbers and strings as ECMAScript does (RFC 8785 section 3.2.2)', () => {
    expect(canonicalJson([1e21, 1e-7, 0.000001, -0, 4.5, 333333333.3333333, 'é\u2028\n'])).toBe(
      '[1e+21,1e-7,0.000001,0,4.5,333333333.3333333,"é\u2028\\n"]',
    );
    expect(() => canonicalJson(Number.NaN)).toThrow(RangeError);
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });
});

const entry = (seq: number, data: unknown = { n: seq }): LedgerEntry => ({
  barcodeId: 'AAAAAAAAAAAA',
  seq,
  action: 'tracked',
  trackPointKey: 'hub',
  data,
  userId: null,
  createdAt: `2026-01-0${seq}T00:00:00.000000Z`,
});

describe('verifyChain', () => {
  const chained = (entries: LedgerEntry[]) => {
    let previous: string | null = null;
    return entries.map((e) => {
      previous = entryHash(e, previous);
      return { ...e, storedHash: previous };
    });
  };

  it('holds for a chain as written and names the head', () => {
    const chain = chained([entry(1), entry(2), entry(3)]);
    expect(verifyChain(chain, 3)).toEqual({ checked: 3, brokenIndex: null, headHash: chain[2]?.storedHash });
    expect(verifyChain(chain, 2).headHash).toBe(chain[1]?.storedHash);
  });

  it('breaks at the first entry changed, missing or never hashed', () => {
    const chain = chained([entry(1), entry(2), entry(3)]);
    expect(
      verifyChain(
        chain.map((e) => (e.seq === 2 ? { ...e, data: { n: 9 } } : e)),
        3,
      ).brokenIndex,
    ).toBe(2);
    expect(verifyChain([chain[0]!, chain[2]!], 3).brokenIndex).toBe(2);
    expect(
      verifyChain(
        chain.map((e) => (e.seq === 3 ? { ...e, storedHash: null } : e)),
        3,
      ).brokenIndex,
    ).toBe(3);
    expect(verifyChain(chain.slice(0, 2), 3).brokenIndex).toBe(3);
  });
});

describe('firstBrokenLogPosition', () => {
  it("checks positions, predecessors and each row's hash", () => {
    const rows: {
      projectId: string;
      position: number;
      barcodeId: string;
      seq: number;
      entryHash: string;
      previousHash: string | null;
      createdAt: string;
      logHash: string;
    }[] = [];
    for (let position = 1; position <= 3; position += 1) {
      const record = {
        projectId: 'p',
        position,
        barcodeId: 'AAAAAAAAAAAA',
        seq: position,
        entryHash: 'a'.repeat(64),
        previousHash: rows.at(-1)?.logHash ?? null,
        createdAt: '2026-01-01T00:00:00.000Z',
      };
      rows.push({ ...record, logHash: logHash(record) });
    }
    expect(firstBrokenLogPosition({ projectId: 'p', entries: rows })).toBeNull();
    expect(firstBrokenLogPosition({ projectId: 'q', entries: rows })).toBe(1);
    expect(
      firstBrokenLogPosition({ projectId: 'p', entries: rows.map((r, i) => (i === 2 ? { ...r, seq: 9 } : r)) }),
    ).toBe(3);
    expect(firstBrokenLogPosition({ projectId: 'p', entries: [rows[0]!, rows[2]!] })).toBe(2);
  });
});
