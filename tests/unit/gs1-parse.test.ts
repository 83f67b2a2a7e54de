import { describe, expect, it } from 'vitest';
import { GS, parseGs1, toDigitalLinkUri, type Gs1Parse } from '@gs1';

/** Vectors written from the GS1 General Specifications (sections 3 and 7) and the GS1 Digital Link standard. */
const ok = (parsed: Gs1Parse) => {
  if (parsed.status !== 'ok') throw new Error(`expected valid GS1 data, got ${JSON.stringify(parsed)}`);
  return parsed;
};
const problem = (text: string) => {
  const parsed = parseGs1(text);
  if (parsed.status !== 'invalid') throw new Error(`expected refusal of ${text}, got ${JSON.stringify(parsed)}`);
  return parsed.problems[0];
};

describe('GS1-128 and GS1 QR / DataMatrix element strings', () => {
  it('reads a logistics label: SSCC, GTIN, lot (GS-terminated) and expiry', () => {
    const parsed = ok(parseGs1(`]C100106141411234567897010950600013435210LOT-42${GS}17291231`));
    expect(parsed.elements).toEqual([
      { ai: '00', value: '106141411234567897' },
      { ai: '01', value: '09506000134352' },
      { ai: '10', value: 'LOT-42' },
      { ai: '17', value: '291231' },
    ]);
    expect(parsed.primaryKey).toEqual({ ai: '00', value: '106141411234567897' });
    expect(toDigitalLinkUri(parsed)).toBe(
      'https://id.gs1.org/00/106141411234567897?01=09506000134352&10=LOT-42&17=291231',
    );
  });

  it('reads GS1 QR Code (]Q3) and GS1 DataMatrix (]d2) the same way, and GS without a symbology identifier', () => {
    for (const prefix of [']Q3', ']d2', GS]) {
      const parsed = ok(parseGs1(`${prefix}010950600013435221SER1${GS}10ABC`));
      expect(parsed.primaryKey).toEqual({ ai: '01', value: '09506000134352' });
      expect(parsed.qualifiers).toEqual([
        { ai: '10', value: 'ABC' },
        { ai: '21', value: 'SER1' },
      ]);
      expect(toDigitalLinkUri(parsed, 'https://example.com/')).toBe(
        'https://example.com/01/09506000134352/10/ABC/21/SER1',
      );
    }
  });

  it('refuses a wrong check digit, naming the AI', () => {
    expect(problem(']C10109506000134353')).toEqual({ code: 'checkDigit', ai: '01' });
    expect(problem(']C100106141411234567891')).toEqual({ code: 'checkDigit', ai: '00' });
  });

  it('refuses an unknown AI, a value over its maximum length and a character outside set 82', () => {
    expect(problem(']C1890123')).toMatchObject({ code: 'unknownAi' });
    expect(problem(`]C10109506000134352${'10'}${'A'.repeat(21)}`)).toEqual({ code: 'tooLong', ai: '10' });
    expect(problem(']C1010950600013435210AB^C')).toEqual({ code: 'badCharacter', ai: '10' });
  });

  it('accepts day 00 where the specification allows it (expiry) and refuses impossible dates', () => {
    expect(ok(parseGs1(']C1010950600013435217290200')).attributes).toEqual([{ ai: '17', value: '290200' }]);
    expect(problem(']C1010950600013435217291301')).toEqual({ code: 'badDate', ai: '17' });
    expect(problem(']C1010950600013435217290230')).toEqual({ code: 'badDate', ai: '17' });
    // AI 7007 harvest date is YYMMDD without day 00.
    expect(problem(']C101095060001343527007290200')).toEqual({ code: 'badDate', ai: '7007' });
  });

  it('refuses a repeated AI with another value, a forbidden pair and a missing mandatory association', () => {
    expect(problem(`]C1010950600013435210A${GS}10B`)).toEqual({ code: 'conflictingValues', ai: '10' });
    expect(problem(']C101095060001343523712')).toEqual({ code: 'invalidPair', ai: '01', other: '37' });
    expect(problem(']C110ABC')).toMatchObject({ code: 'missingAssociation', ai: '10' });
  });
});

describe('the bracketed human-readable form', () => {
  it('reads (01)(10)(17) typed as an external id, with an escaped bracket in a value', () => {
    const parsed = ok(parseGs1('(01)09506000134352(10)AB\\(1(17)290101'));
    expect(parsed.elements).toEqual([
      { ai: '01', value: '09506000134352' },
      { ai: '10', value: 'AB(1' },
      { ai: '17', value: '290101' },
    ]);
  });
});

describe('GS1 Digital Link URIs', () => {
  it.each([
    ['https://id.gs1.org/00/106141411234567897', '00'],
    ['https://id.gs1.org/01/09506000134352/10/ABC/21/123', '01'],
    ['https://example.com/stem/414/9520123456788/254/32a%2Fb', '414'],
    ['https://id.gs1.org/8003/09501101020931SN1', '8003'],
    ['https://id.gs1.org/8004/9520614141234567', '8004'],
    ['https://id.gs1.org/8018/952012345678901233/8019/1', '8018'],
    ['https://id.gs1.org/253/9520123456788ABC', '253'],
  ])('reads %s with primary key %s', (uri, key) => {
    expect(ok(parseGs1(uri)).primaryKey?.ai).toBe(key);
  });

  it('reads data attributes from the query and keeps the round trip', () => {
    const parsed = ok(parseGs1('https://id.gs1.org/01/09506000134352/10/ABC?17=290101&linkType=all'));
    expect(parsed.attributes).toEqual([{ ai: '17', value: '290101' }]);
    expect(toDigitalLinkUri(parsed)).toBe('https://id.gs1.org/01/09506000134352/10/ABC?17=290101');
  });

  it('refuses qualifiers out of order, a zero-suppressed GTIN, convenience alphas and a trailing slash', () => {
    expect(problem('https://id.gs1.org/01/09506000134352/21/123/10/ABC')).toEqual({
      code: 'keyQualifierOrder',
      ai: '01',
    });
    expect(problem('https://id.gs1.org/01/9506000134352')).toEqual({ code: 'tooShort', ai: '01' });
    expect(parseGs1('https://id.gs1.org/gtin/09506000134352').status).toBe('notGs1');
    expect(parseGs1('https://id.gs1.org/01/09506000134352/').status).toBe('notGs1');
  });

  it('refuses a qualifier given as a query parameter and a non-attribute AI in the query', () => {
    expect(problem('https://id.gs1.org/01/09506000134352?10=ABC')).toEqual({ code: 'belongsInPath', ai: '10' });
    expect(problem('https://id.gs1.org/01/09506000134352/10/ABC?21=1')).toEqual({ code: 'notDataAttribute', ai: '21' });
  });

  it('leaves plain text and ordinary web addresses alone', () => {
    expect(parseGs1('PKG-2026-000123').status).toBe('notGs1');
    expect(parseGs1('4901234567894').status).toBe('notGs1');
    expect(parseGs1('https://example.com/products/42').status).toBe('notGs1');
  });
});
