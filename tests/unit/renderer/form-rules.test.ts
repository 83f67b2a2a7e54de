import { describe, expect, it } from 'vitest';
import type { CustomField } from '@schemas/custom-field';
import { ErrorCode } from '@schemas/error-codes';
import { buildFormRules, evaluateRules, isEmptyValue, localToday, rulesOf } from '@renderer/form-rules';
import { compile } from '@renderer/compile';
import { validateFormData } from '@renderer/validate';
import { context, L } from './fixtures';

const TODAY = '2026-11-27';
const message = L('Outside 2-8 °C with the cold chain intact');
const coldChain: CustomField[] = [
  {
    key: 'temp',
    type: 'number',
    label: L('Temperature'),
    required: true,
    constraint: ". >= 2 and . <= 8 or intact != 'yes'",
    constraintMessage: message,
  },
  {
    key: 'intact',
    type: 'singleSelect',
    label: L('Intact'),
    required: true,
    options: [
      { value: 'yes', label: L('Yes') },
      { value: 'no', label: L('No') },
    ],
  },
  {
    key: 'reason',
    type: 'text',
    label: L('Reason'),
    required: true,
    relevant: "temp < 2 or temp > 8 or intact == 'no'",
  },
  { key: 'photo', type: 'text', label: L('Photo'), relevant: 'reason != ""', requiredIf: "reason == 'logger'" },
  { key: 'locked', type: 'text', label: L('Locked'), readOnlyIf: "intact == 'no'" },
  { key: 'plain', type: 'text', label: L('Plain') },
];

const verdict = (values: Record<string, unknown>, fields = coldChain) =>
  evaluateRules(buildFormRules(fields), values, TODAY);

describe('the rules of a form, in one pass', () => {
  it('keeps only fields with rules, a field after those its relevance reads', () => {
    expect(buildFormRules(coldChain).fields.map((f) => f.key)).toEqual(['temp', 'reason', 'photo', 'locked']);
    const reversed = [...coldChain].reverse();
    expect(buildFormRules(reversed).fields.map((f) => f.key)).toEqual(['locked', 'temp', 'reason', 'photo']);
    const rules = buildFormRules(coldChain).fields;
    expect(rules.map((f) => f.requiredWhileShown)).toEqual([false, true, false, false]);
    expect(rules[0]?.constraintMessage).toEqual(message);
    expect(Object.keys(rules[0]?.rules ?? {})).toEqual(['constraint']);
    expect(Object.keys(rules[2]?.rules ?? {})).toEqual(['relevant', 'requiredIf']);
  });

  it('a calculation with relevant and required is never required; a rule that does not parse is left out', () => {
    const fields: CustomField[] = [
      { key: 'a', type: 'number', label: L('A') },
      { key: 'c', type: 'calculation', label: L('C'), formula: 'a * 2', required: true, relevant: 'a > 1' },
      { key: 'b', type: 'text', label: L('B'), relevant: 'a >', requiredIf: 'a > 1' },
    ];
    const rules = buildFormRules(fields).fields;
    expect(rules.map((f) => [f.key, f.requiredWhileShown, Object.keys(f.rules)])).toEqual([
      ['c', false, ['relevant']],
      ['b', false, ['requiredIf']],
    ]);
  });

  it('a circle among relevance (an unchecked configuration) is cut, never endless', () => {
    const fields: CustomField[] = [
      { key: 'a', type: 'text', label: L('A'), relevant: "b == 'x'" },
      { key: 'b', type: 'text', label: L('B'), relevant: "a == 'x'" },
    ];
    expect(buildFormRules(fields).fields.map((f) => f.key)).toEqual(['b', 'a']);
    expect(verdict({ a: 'x', b: 'x' }, fields).hidden).toEqual([]);
    expect(verdict({ a: 'y', b: 'x' }, fields).hidden).toEqual(['b', 'a']);
  });

  it('the cold chain as received: nothing asked at 5 °C intact', () => {
    expect(verdict({ temp: 5, intact: 'yes' })).toEqual({
      hidden: ['reason', 'photo'],
      required: [],
      readOnly: [],
      missing: [],
      failed: [],
      values: { temp: 5, intact: 'yes' },
    });
  });

  it('an excursion: the reason shown and required, its value kept', () => {
    expect(verdict({ temp: 12, intact: 'no' })).toEqual({
      hidden: ['photo'],
      required: ['reason'],
      readOnly: ['locked'],
      missing: ['reason'],
      failed: [],
      values: { temp: 12, intact: 'no' },
    });
    expect(verdict({ temp: 1.9, intact: 'yes', reason: 'logger' })).toMatchObject({
      hidden: [],
      required: ['reason', 'photo'],
      missing: ['photo'],
      failed: [{ key: 'temp', message }],
    });
    expect(verdict({ temp: 8.1, intact: 'no', reason: 'door', photo: 'p' })).toMatchObject({
      hidden: [],
      required: ['reason'],
      missing: [],
      failed: [],
    });
  });

  it('a hidden field loses its value before the fields that read it are decided', () => {
    const result = verdict({ temp: 5, intact: 'yes', reason: 'logger', photo: 'p' });
    expect(result.hidden).toEqual(['reason', 'photo']);
    expect(result.values).toEqual({ temp: 5, intact: 'yes' });
    expect(result.missing).toEqual([]);
  });

  it('a constraint is checked only on a value, with its message', () => {
    expect(verdict({ intact: 'yes' }).failed).toEqual([]);
    expect(verdict({ temp: 12, intact: 'yes', reason: 'x' }).failed).toEqual([{ key: 'temp', message }]);
    expect(verdict({ temp: 8, intact: 'yes' }).failed).toEqual([]);
    expect(verdict({ temp: 2, intact: 'yes' }).failed).toEqual([]);
    const noMessage: CustomField[] = [{ key: 'n', type: 'number', label: L('N'), constraint: '. > 1' }];
    expect(verdict({ n: 1 }, noMessage).failed).toEqual([{ key: 'n', message: undefined }]);
  });

  it('blank text and empty lists count as empty', () => {
    expect(isEmptyValue(undefined)).toBe(true);
    expect(isEmptyValue(null)).toBe(true);
    expect(isEmptyValue('')).toBe(true);
    expect(isEmptyValue('  ')).toBe(true);
    expect(isEmptyValue([])).toBe(true);
    expect(isEmptyValue('a')).toBe(false);
    expect(isEmptyValue(['a'])).toBe(false);
    expect(isEmptyValue(0)).toBe(false);
    expect(isEmptyValue({})).toBe(false);
    expect(verdict({ temp: 12, intact: 'yes', reason: ' ' }).missing).toEqual(['reason']);
  });

  it('rulesOf builds a field list once', () => {
    expect(rulesOf(coldChain)).toBe(rulesOf(coldChain));
    expect(rulesOf(coldChain)).toEqual(buildFormRules(coldChain));
  });

  it("today is the machine's local date", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localToday(new Date(2026, 10, 27))).toBe('2026-11-27');
    expect(localToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("without a date given, the rules' today() is the phone's own", () => {
    const dated: CustomField[] = [
      { key: 'd', type: 'date', label: L('D'), constraint: '. == today()', constraintMessage: message },
    ];
    expect(evaluateRules(buildFormRules(dated), { d: localToday() }).failed).toEqual([]);
    expect(evaluateRules(buildFormRules(dated), { d: '2000-01-01' }).failed).toEqual([{ key: 'd', message }]);
  });
});

describe('the server refuses what the rules refuse', () => {
  const form = compile(coldChain, context());
  const check = (data: Record<string, unknown>) => validateFormData(form, data, { today: TODAY });

  it('a field with relevant is not required by the schema', () => {
    expect(form.schema.required).toEqual(['temp', 'intact']);
  });

  it('accepts the good cases, dropping an empty value of a hidden field', () => {
    expect(check({ temp: 5, intact: 'yes' })).toEqual({ data: { temp: 5, intact: 'yes' }, errors: {} });
    expect(check({ temp: 5, intact: 'yes', reason: '' })).toEqual({
      data: { temp: 5, intact: 'yes' },
      errors: {},
    });
    expect(check({ temp: 12, intact: 'no', reason: 'door' }).errors).toEqual({});
  });

  it('refuses a value of a field that is not relevant (invalidKey), a missing one (emptyField), a failed constraint', () => {
    expect(check({ temp: 5, intact: 'yes', reason: 'door' }).errors).toEqual({ reason: [ErrorCode.invalidKey] });
    expect(check({ temp: 12, intact: 'no' }).errors).toEqual({ reason: [ErrorCode.emptyField] });
    expect(check({ temp: 12, intact: 'yes', reason: 'x' })).toEqual({
      data: { temp: 12, intact: 'yes', reason: 'x' },
      errors: { temp: [ErrorCode.invalidFormat] },
      messages: { temp: message },
    });
  });

  it("the schema's own refusal of a field stays", () => {
    expect(check({ temp: 12, intact: 'yes', reason: 'x', locked: 5 }).errors).toEqual({
      temp: [ErrorCode.invalidFormat],
      locked: [ErrorCode.invalidFormat],
    });
    expect(check({ temp: 'warm', intact: 'no', reason: 'x' }).errors).toEqual({ temp: [ErrorCode.invalidFormat] });
    const required: CustomField[] = [
      {
        key: 'a',
        type: 'text',
        label: L('A'),
        requiredIf: 'true',
        minLength: 3,
        constraint: ". != 'abc'",
        constraintMessage: message,
      },
    ];
    const f = compile(required, context());
    expect(validateFormData(f, { a: 'ab' }, { today: TODAY }).errors).toEqual({ a: [ErrorCode.lengthLessThan] });
    expect(validateFormData(f, { a: 'abc' }, { today: TODAY })).toMatchObject({
      errors: { a: [ErrorCode.invalidFormat] },
      messages: { a: message },
    });
    expect(validateFormData(f, {}, { today: TODAY }).errors).toEqual({ a: [ErrorCode.emptyField] });
  });

  it("today() is the server's UTC date unless given", () => {
    const dated = compile(
      [{ key: 'd', type: 'date', label: L('D'), constraint: '. <= today()', constraintMessage: message }],
      context(),
    );
    expect(validateFormData(dated, { d: '2026-11-28' }, { today: TODAY }).errors).toEqual({
      d: [ErrorCode.invalidFormat],
    });
    expect(validateFormData(dated, { d: '2026-11-27' }, { today: TODAY }).errors).toEqual({});
    const utc = new Date().toISOString().slice(0, 10);
    expect(validateFormData(dated, { d: utc }).errors).toEqual({});
    expect(validateFormData(dated, { d: '9999-12-31' }).errors).toEqual({ d: [ErrorCode.invalidFormat] });
  });
});
