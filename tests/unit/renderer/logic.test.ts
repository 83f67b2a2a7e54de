import { describe, expect, it } from 'vitest';
import type { CustomField } from '@schemas/custom-field';
import {
  evaluate,
  LOGIC_FUNCTIONS,
  LOGIC_LIMITS,
  LogicError,
  parseRule,
  ruleValue,
  typeOf,
  valueTypeOf,
  type LogicValue,
} from '@renderer/logic';
import { factsOf } from '@renderer/logic-check';
import { L } from './fixtures';

const fields: CustomField[] = [
  { key: 'temp', type: 'number', label: L('Temperature') },
  { key: 'total', type: 'calculation', label: L('Total'), formula: 'temp * 2' },
  { key: 'weight', type: 'weightMeasurement', label: L('Weight'), mode: 'manual' },
  { key: 'note', type: 'text', label: L('Note') },
  { key: 'day', type: 'date', label: L('Day') },
  {
    key: 'intact',
    type: 'singleSelect',
    label: L('Intact'),
    options: [
      { value: 'yes', label: L('Yes') },
      { value: 'no', label: L('No') },
    ],
  },
  {
    key: 'issues',
    type: 'multiSelect',
    label: L('Issues'),
    options: [
      { value: 'dented', label: L('Dented') },
      { value: 'wet', label: L('Wet') },
    ],
  },
  { key: 'where', type: 'location', label: L('Where') },
];
const facts = factsOf(fields);

const run = (expression: string, values: Record<string, unknown> = {}, self?: string): LogicValue =>
  evaluate(parseRule(expression).root, { values, self, today: '2026-11-27' });

const refusal = (expression: string, self: string | null = null) => {
  try {
    const parsed = parseRule(expression);
    typeOf(parsed.root, facts, self, expression);
  } catch (error) {
    expect(error).toBeInstanceOf(LogicError);
    expect((error as Error).name).toBe('LogicError');
    const { key, values } = error as LogicError;
    expect((error as Error).message).toBe(`${key} ${JSON.stringify(values)}`);
    return { key, ...values };
  }
  throw new Error(`${expression} was accepted`);
};

describe('rule operators evaluate over the form values', () => {
  const values = { temp: 12, note: 'abc', intact: 'yes', issues: ['wet'], day: '2026-11-01' };
  it('comparisons of numbers, at and beside their boundaries', () => {
    const cases: [string, boolean][] = [
      ['temp == 12', true],
      ['temp == 11', false],
      ['temp != 12', false],
      ['temp != 11', true],
      ['temp < 12', false],
      ['temp < 13', true],
      ['temp > 12', false],
      ['temp > 11', true],
      ['temp <= 12', true],
      ['temp <= 11', false],
      ['temp >= 12', true],
      ['temp >= 13', false],
    ];
    for (const [expression, result] of cases)
      expect([expression, run(expression, values)]).toEqual([expression, result]);
  });

  it('text equality and order (dates as YYYY-MM-DD compare in time order)', () => {
    expect(run("intact == 'yes'", values)).toBe(true);
    expect(run("intact == 'no'", values)).toBe(false);
    expect(run('intact != "no"', values)).toBe(true);
    expect(run("day < '2026-11-02'", values)).toBe(true);
    expect(run("day > '2026-11-02'", values)).toBe(false);
    expect(run("day <= '2026-11-01'", values)).toBe(true);
    expect(run("day >= '2026-11-01'", values)).toBe(true);
    expect(run('day < today()', values)).toBe(true);
    expect(run('today()', values)).toBe('2026-11-27');
  });

  it('and, or, not: only true is true', () => {
    expect(run('temp > 8 and intact == "yes"', values)).toBe(true);
    expect(run('temp > 8 and intact == "no"', values)).toBe(false);
    expect(run('temp < 8 or intact == "no"', values)).toBe(false);
    expect(run('temp < 8 or intact == "yes"', values)).toBe(true);
    expect(run('not (temp > 8)', values)).toBe(false);
    expect(run('not (temp < 8)', values)).toBe(true);
    expect(run('not temp', values)).toBe(true);
    expect(run('temp and true', values)).toBe(false);
    expect(run('temp or false', values)).toBe(false);
    expect(run('true', values)).toBe(true);
    expect(run('false', values)).toBe(false);
  });

  it('arithmetic, with no value where there is none (division by 0, a square root of a negative)', () => {
    const cases: [string, LogicValue][] = [
      ['temp + 3', 15],
      ['temp - 3', 9],
      ['temp * 3', 36],
      ['temp / 3', 4],
      ['temp / 0', null],
      ['temp ^ 2', 144],
      ['10 ^ 400', null],
      ['temp % 5', 2],
      ['-7 % 3', 2],
      ['temp % 0', null],
      ['-temp', -12],
      ['1e400 - 1', null],
      ['1e308 * 10', null],
      ['1e308 + 1e308', null],
      ['-1e308 - 1e308', null],
      ['round(temp / 7)', 2],
      ['round(temp / 7, 2)', 1.71],
      ['round(temp, 1.5)', null],
      ['round(temp, -1)', null],
      ['round(temp, 11)', null],
      ['round(temp, 10)', 12],
      ['round(temp, 0)', 12],
      ['round(note)', null],
      ['floor(temp / 7, 1)', 1.7],
      ['floor(temp / 7)', 1],
      ['ceil(temp / 7, 1)', 1.8],
      ['ceil(temp / 7)', 2],
      ['abs(3 - temp)', 9],
      ['abs(note)', null],
      ['sqrt(temp + 4)', 4],
      ['sqrt(0)', 0],
      ['sqrt(-1)', null],
      ['sqrt(note)', null],
      ['min(temp, 3, 20)', 3],
      ['max(temp, 3, 20)', 20],
      ['min(temp, note)', null],
      ['max(note, temp)', null],
      ['temp + note', null],
      ['note + temp', null],
      ['-note', null],
    ];
    for (const [expression, result] of cases)
      expect([expression, run(expression, values)]).toEqual([expression, result]);
  });

  it('if(condition, then, else) takes the branch only a true condition chooses', () => {
    expect(run('if(temp > 8, 1, 2)', values)).toBe(1);
    expect(run('if(temp < 8, 1, 2)', values)).toBe(2);
    expect(run('if(note, 1, 2)', values)).toBe(2);
    expect(run('if(temp > 8, "hot", "cold") == "hot"', values)).toBe(true);
  });

  it("selected(field, 'value') in a single and a multiple select", () => {
    expect(run("selected(intact, 'yes')", values)).toBe(true);
    expect(run("selected(intact, 'no')", values)).toBe(false);
    expect(run("selected(issues, 'wet')", values)).toBe(true);
    expect(run("selected(issues, 'dented')", values)).toBe(false);
    expect(run("selected(issues, 'wet')", {})).toBe(false);
  });

  it('`.` is the value of the field a constraint is about, nothing without one', () => {
    expect(run('. >= 2 and . <= 8', { temp: 5 }, 'temp')).toBe(true);
    expect(run('. >= 2 and . <= 8', { temp: 12 }, 'temp')).toBe(false);
    expect(run('.', { temp: 5 })).toBe(null);
    expect(run('.5 + .', { temp: 1 }, 'temp')).toBe(1.5);
    expect(run('2.5e1 > .', { temp: 1 }, 'temp')).toBe(true);
  });

  it('an empty value is null: equal only to empty, ordered against nothing', () => {
    expect(run('temp == 5', {})).toBe(false);
    expect(run('temp != 5', {})).toBe(true);
    expect(run('temp < 5', {})).toBe(false);
    expect(run('temp > 5', {})).toBe(false);
    expect(run('temp <= 5', {})).toBe(false);
    expect(run('temp >= 5', {})).toBe(false);
    expect(run("note == ''", {})).toBe(true);
    expect(run("note == ''", { note: '' })).toBe(true);
    expect(run("note != ''", { note: 'x' })).toBe(true);
    expect(run("note == ''", { note: 'x' })).toBe(false);
    expect(run('temp + 1', {})).toBe(null);
    // A number never equals its text, nor orders against it (a value of the wrong type at run time).
    expect(run("note == '5'", { note: 5 })).toBe(false);
    expect(run("note < '6'", { note: 5 })).toBe(false);
    expect(run('true < false')).toBe(false);
    expect(run('issues == issues', { issues: ['a'] })).toBe(false);
  });

  it('reads a value as a rule sees it', () => {
    expect(ruleValue(3)).toBe(3);
    expect(ruleValue(Number.NaN)).toBe(null);
    expect(ruleValue(Infinity)).toBe(null);
    expect(ruleValue('')).toBe(null);
    expect(ruleValue(' ')).toBe(' ');
    expect(ruleValue(true)).toBe(true);
    expect(ruleValue(false)).toBe(false);
    expect(ruleValue([])).toBe(null);
    expect(ruleValue([1, 'a'])).toEqual(['a']);
    expect(ruleValue({ type: 'increase', value: 3 })).toBe(null);
    expect(ruleValue(undefined)).toBe(null);
    expect(ruleValue(null)).toBe(null);
  });

  it('does not read what a values object inherits', () => {
    expect(run("toString == ''", {})).toBe(true);
  });
});

describe('parsing: a checked tree with the keys it reads', () => {
  it('names each key once, in order, and whether it reads `.`', () => {
    const parsed = parseRule("temp > 8 or intact == 'no' or temp < 2 or selected(issues, 'wet')");
    expect(parsed.keys).toEqual(['temp', 'intact', 'issues']);
    expect(parsed.usesSelf).toBe(false);
    expect(parsed.expression).toBe("temp > 8 or intact == 'no' or temp < 2 or selected(issues, 'wet')");
    expect(parseRule('. > 1').usesSelf).toBe(true);
    expect(parseRule('round(.) > 1').usesSelf).toBe(true);
    expect(parseRule('-(.) > 1').usesSelf).toBe(true);
    expect(parseRule('(temp) > 1').keys).toEqual(['temp']);
  });

  it('keeps the positions of names, texts and numbers (1-based)', () => {
    expect(parseRule("temp == 'x'").root).toEqual({
      kind: 'operator',
      op: '==',
      at: 1,
      args: [
        { kind: 'field', key: 'temp', at: 1 },
        { kind: 'constant', value: 'x', at: 9 },
      ],
    });
    expect(parseRule('  round(temp, 2) > .').root).toEqual({
      kind: 'operator',
      op: '>',
      at: 3,
      args: [
        {
          kind: 'call',
          name: 'round',
          at: 3,
          args: [
            { kind: 'field', key: 'temp', at: 9 },
            { kind: 'constant', value: 2, at: 15 },
          ],
        },
        { kind: 'self', at: 20 },
      ],
    });
    expect(parseRule('not true').root).toEqual({
      kind: 'operator',
      op: 'not',
      at: 5,
      args: [{ kind: 'constant', value: true, at: 5 }],
    });
    expect(parseRule('-1e3 < 2.5E-1').root).toEqual({
      kind: 'operator',
      op: '<',
      at: 2,
      args: [
        { kind: 'operator', op: 'negate', at: 2, args: [{ kind: 'constant', value: 1000, at: 2 }] },
        { kind: 'constant', value: 0.25, at: 8 },
      ],
    });
    expect(parseRule('a\tand\nb\r').keys).toEqual(['a', 'b']);
    expect(parseRule('2 % 3 == 2 mod 3').root).toMatchObject({ op: '==', args: [{ op: '%' }, { op: '%' }] });
  });

  it('the functions and their argument counts', () => {
    expect(LOGIC_FUNCTIONS).toEqual({
      if: [3, 3],
      selected: [2, 2],
      today: [0, 0],
      round: [1, 2],
      floor: [1, 2],
      ceil: [1, 2],
      abs: [1, 1],
      sqrt: [1, 1],
      min: [1, 20],
      max: [1, 20],
    });
    expect(refusal('if(temp > 1, 2)')).toEqual({
      key: 'logicArguments',
      expression: 'if(temp > 1, 2)',
      name: 'if',
      position: 1,
      count: 2,
      wanted: '3',
    });
    expect(refusal('temp > round()')).toMatchObject({ name: 'round', position: 8, count: 0, wanted: '1-2' });
    expect(refusal('temp > round(1, 2, 3)')).toMatchObject({ count: 3, wanted: '1-2' });
    expect(refusal('today(1) == ""')).toMatchObject({ count: 1, wanted: '0' });
  });

  it('refuses what rules do not allow, where it is', () => {
    expect(refusal('temp = 3')).toEqual({ key: 'logicNotAllowed', expression: 'temp = 3', what: '=', position: 1 });
    expect(refusal('temp > 1 ? true : false')).toMatchObject({ what: '?', position: 1 });
    expect(refusal('temp xor true')).toMatchObject({ what: 'xor', position: 1 });
    expect(refusal('+temp > 1')).toMatchObject({ what: '+', position: 2 });
    expect(refusal('temp! > 1')).toMatchObject({ what: '!', position: 1 });
    expect(refusal('eval("1") > 1')).toMatchObject({ key: 'logicNotAllowed', what: 'eval', position: 1 });
    expect(refusal('temp[1] > 1')).toMatchObject({ what: '[', position: 5 });
    expect(refusal('note.length > 1')).toMatchObject({ what: '.', position: 5 });
    expect(refusal('2temp > 1')).toMatchObject({ what: 't', position: 2 });
    expect(refusal('2.5.1 > 1')).toMatchObject({ what: '.', position: 4 });
    expect(refusal('$ > 1')).toMatchObject({ what: '$', position: 1 });
    expect(refusal('temp == null')).toMatchObject({ what: 'null', position: 9 });
    expect(refusal('temp == undefined')).toMatchObject({ what: 'undefined', position: 9 });
    expect(refusal("note == 'a\\'b'")).toMatchObject({ what: '\\', position: 11 });
    expect(refusal('f(x)(1)')).toMatchObject({ key: 'logicNotAllowed' });
  });

  it('refuses what it cannot read, at the position', () => {
    expect(refusal('temp >')).toEqual({ key: 'logicSyntax', expression: 'temp >', position: 6 });
    expect(refusal("note == 'open")).toEqual({ key: 'logicSyntax', expression: "note == 'open", position: 9 });
    expect(refusal('(temp > 1')).toMatchObject({ key: 'logicSyntax', position: 9 });
    expect(refusal('')).toMatchObject({ key: 'logicSyntax', position: 1 });
    expect(refusal(' \n')).toEqual({ key: 'logicSyntax', expression: ' \n', position: 1 });
  });

  it('refuses an expression over its length and nesting limits, saying the limit', () => {
    expect(LOGIC_LIMITS).toEqual({ length: 500, depth: 32 });
    const long = `temp > ${'1'.repeat(494)}`;
    expect(long.length).toBe(501);
    expect(refusal(long)).toEqual({ key: 'logicTooLong', expression: `${long.slice(0, 40)}…`, limit: 500 });
    expect(() => parseRule(`temp > ${'1'.repeat(493)}`)).not.toThrow();
    const deep = `${'('.repeat(33)}temp${')'.repeat(33)} > 1`;
    expect(refusal(deep)).toEqual({ key: 'logicTooDeep', expression: deep, limit: 32 });
    expect(() => parseRule(`${'('.repeat(31)}temp${')'.repeat(31)} > 1`)).not.toThrow();
    const chain = `temp${' + 1'.repeat(40)} > 1`;
    expect(refusal(chain)).toMatchObject({ key: 'logicTooDeep', limit: 32 });
    expect(() => parseRule(`temp${' + 1'.repeat(30)} > 1`)).not.toThrow();
    // Deep nesting without brackets is refused without overflowing the stack.
    expect(refusal(`${'not '.repeat(120)}true`)).toMatchObject({ key: 'logicTooDeep' });
  });
});

describe('types: decided before any value is typed', () => {
  it('each field type gives its value type; some none', () => {
    expect(valueTypeOf('number')).toBe('number');
    expect(valueTypeOf('calculation')).toBe('number');
    expect(valueTypeOf('weightMeasurement')).toBe('number');
    expect(valueTypeOf('text')).toBe('text');
    expect(valueTypeOf('phoneNumber')).toBe('text');
    expect(valueTypeOf('email')).toBe('text');
    expect(valueTypeOf('date')).toBe('text');
    expect(valueTypeOf('reference')).toBe('text');
    expect(valueTypeOf('singleSelect')).toBe('text');
    expect(valueTypeOf('multiSelect')).toBe('list');
    for (const type of ['adjustment', 'location', 'eSign', 'files', 'ghgEmission'] as const)
      expect(valueTypeOf(type)).toBeUndefined();
  });

  const type = (expression: string, self: string | null = null) =>
    typeOf(parseRule(expression).root, facts, self, expression);

  it('the type of each kind of expression', () => {
    expect(type('temp > 1')).toBe('boolean');
    expect(type('temp + total * weight')).toBe('number');
    expect(type('note')).toBe('text');
    expect(type('"a"')).toBe('text');
    expect(type('true')).toBe('boolean');
    expect(type('issues')).toBe('list');
    expect(type('today()')).toBe('text');
    expect(type('if(temp > 1, "a", "b")')).toBe('text');
    expect(type('if(temp > 1, 1, 2)')).toBe('number');
    expect(type("selected(intact, 'no')")).toBe('boolean');
    expect(type('round(temp) + min(1, 2) + max(temp, 1) + abs(-1) + sqrt(4) + floor(1) + ceil(1)')).toBe('number');
    expect(type('. > 1', 'temp')).toBe('boolean');
    expect(type("selected(., 'wet')", 'issues')).toBe('boolean');
    expect(type('not (temp > 1) and true or false')).toBe('boolean');
    expect(type('true == false')).toBe('boolean');
    expect(type("note != ''")).toBe('boolean');
    expect(type('day < today()')).toBe('boolean');
  });

  it('a name that is no field, or a field a rule cannot read', () => {
    expect(refusal('temp > 1 and ghost == 2')).toEqual({
      key: 'logicUnknown',
      expression: 'temp > 1 and ghost == 2',
      name: 'ghost',
      position: 14,
    });
    expect(refusal('where == 1')).toEqual({
      key: 'logicFieldType',
      expression: 'where == 1',
      name: 'where',
      type: 'location',
      position: 1,
    });
    expect(refusal('toString == 1')).toMatchObject({ key: 'logicUnknown', name: 'toString' });
  });

  it('`.` outside a constraint', () => {
    expect(refusal('. > 1')).toEqual({ key: 'logicSelf', expression: '. > 1', position: 1 });
  });

  it('unlike types compared, at the comparison', () => {
    expect(refusal("temp == 'yes'")).toEqual({
      key: 'logicCompare',
      expression: "temp == 'yes'",
      left: 'number',
      right: 'text',
      position: 1,
    });
    expect(refusal('intact == 1')).toMatchObject({ left: 'text', right: 'number' });
    expect(refusal("issues == 'wet'")).toMatchObject({ key: 'logicCompare', left: 'list', right: 'text' });
    expect(refusal('issues == issues')).toMatchObject({ key: 'logicCompare', left: 'list', right: 'list' });
    expect(refusal('true < false')).toMatchObject({ key: 'logicCompare', left: 'boolean', right: 'boolean' });
    expect(refusal('true >= false')).toMatchObject({ key: 'logicCompare' });
    expect(refusal('(temp > 1) != 2')).toMatchObject({ key: 'logicCompare', left: 'boolean', right: 'number' });
    expect(refusal('1 < temp < 3')).toMatchObject({ key: 'logicNotAllowed', what: 'a < b < c', position: 1 });
  });

  it('a select compared with a value that is none of its options', () => {
    expect(refusal("intact == 'maybe'")).toEqual({
      key: 'logicOption',
      expression: "intact == 'maybe'",
      value: 'maybe',
      name: 'intact',
      position: 11,
    });
    expect(refusal("'maybe' != intact")).toMatchObject({ key: 'logicOption', position: 1 });
    expect(refusal(". == 'maybe'", 'intact')).toMatchObject({ key: 'logicOption', name: 'intact' });
    expect(refusal("selected(issues, 'torn')")).toMatchObject({ key: 'logicOption', value: 'torn', position: 18 });
    expect(type("intact == ''")).toBe('boolean');
    expect(type('intact == note')).toBe('boolean');
  });

  it('operands of the wrong type, where they are', () => {
    expect(refusal('temp and true')).toEqual({
      key: 'logicWants',
      expression: 'temp and true',
      found: 'number',
      wanted: 'boolean',
      position: 1,
    });
    expect(refusal('true or note')).toMatchObject({ found: 'text', wanted: 'boolean', position: 9 });
    expect(refusal('not temp')).toMatchObject({ found: 'number', wanted: 'boolean', position: 5 });
    expect(refusal('note + 1 > 2')).toMatchObject({ found: 'text', wanted: 'number', position: 1 });
    expect(refusal('-note > 2')).toMatchObject({ found: 'text', wanted: 'number', position: 2 });
    expect(refusal('round(note) > 2')).toMatchObject({ found: 'text', wanted: 'number', position: 7 });
    expect(refusal('if(temp, 1, 2) > 1')).toMatchObject({ found: 'number', wanted: 'boolean', position: 4 });
    expect(refusal('if(temp > 1, 1, "a") > 1')).toMatchObject({ found: 'text', wanted: 'number', position: 17 });
    expect(refusal("selected(temp, 'a')")).toMatchObject({ found: 'number', wanted: 'list', position: 10 });
    expect(refusal("selected(note, 'a')")).toMatchObject({ found: 'text', wanted: 'list' });
    expect(refusal('selected(intact, 1)')).toMatchObject({ found: 'number', wanted: 'text', position: 18 });
    expect(refusal('selected(intact, note)')).toMatchObject({ found: 'text', wanted: 'text', position: 18 });
    expect(refusal("selected('yes', 'yes')")).toMatchObject({ found: 'text', wanted: 'list', position: 10 });
    expect(refusal("selected(ghost, 'yes')")).toMatchObject({ key: 'logicUnknown' });
    expect(refusal('selected(intact, ghost)')).toMatchObject({ key: 'logicUnknown' });
  });
});
