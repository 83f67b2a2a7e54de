import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@schemas/error-codes';
import type { FieldOf } from '@schemas/custom-field';
import { applyCalculations, calculate, reviewCalculation } from '@renderer/calculations';
import { FORMULA_FUNCTIONS, FormulaError, parseFormula } from '@renderer/formula';
import { L } from './fixtures';

const calc = (formula: string, precision?: number): FieldOf<'calculation'> => ({
  key: 'total',
  type: 'calculation',
  label: L('Total'),
  formula,
  ...(precision !== undefined ? { precision } : {}),
});
const refusal = (formula: string) => {
  try {
    parseFormula(formula);
  } catch (error) {
    expect(error).toBeInstanceOf(FormulaError);
    expect((error as Error).name).toBe('FormulaError');
    return (error as Error).message;
  }
  throw new Error(`${formula} was accepted`);
};

describe('formulas: arithmetic over field values only', () => {
  it('every operator and allowed function computes', () => {
    const scope = { a: 7, b: 2 };
    const cases: [string, number][] = [
      ['a + b', 9],
      ['a - b', 5],
      ['a * b', 14],
      ['a / b', 3.5],
      ['a ^ b', 49],
      ['a % b', 1],
      ['-a', -7],
      ['+a', 7],
      ['(a + b) * 2', 18],
      ['round(a / 3)', 2],
      ['round(a / 3, 2)', 2.33],
      ['floor(a / 2)', 3],
      ['ceil(a / 2)', 4],
      ['abs(b - a)', 5],
      ['min(a, b)', 2],
      ['max(a, b)', 7],
      ['sqrt(b * 8)', 4],
    ];
    for (const [formula, value] of cases) expect(parseFormula(formula).evaluate(scope)).toBe(value);
    expect(FORMULA_FUNCTIONS).toEqual(['round', 'floor', 'ceil', 'abs', 'min', 'max', 'sqrt']);
  });

  it('names the fields it reads, each once', () => {
    expect(parseFormula('caseCount * unitsPerCase + caseCount').variables).toEqual(['caseCount', 'unitsPerCase']);
    expect(parseFormula('round((a))').variables).toEqual(['a']);
    expect(parseFormula('2 + 3').variables).toEqual([]);
  });

  it('refuses what is not arithmetic, saying what', () => {
    expect(refusal('a == b')).toBe("operator 'equal' is not allowed");
    expect(refusal('a and b')).toBe("operator 'and' is not allowed");
    expect(refusal('"text"')).toBe('only numbers are allowed as constants');
    expect(refusal('true + 1')).toBe('only numbers are allowed as constants');
    expect(refusal('cos(a)')).toBe("function 'cos' is not allowed (use round, floor, ceil, abs, min, max, sqrt)");
    expect(refusal('a.b(1)')).toMatch(/^function '\?' is not allowed/);
    expect(refusal('x = 1')).toBe("'x = 1' is not allowed in a formula");
    expect(refusal('a +')).toMatch(/Unexpected end of expression/);
  });

  it('checks inside parentheses, operands and function arguments too', () => {
    expect(refusal('(a == 1)')).toBe("operator 'equal' is not allowed");
    expect(refusal('1 + (a == 1)')).toBe("operator 'equal' is not allowed");
    expect(refusal('max(1, a == 1)')).toBe("operator 'equal' is not allowed");
    expect(refusal('abs("x")')).toBe('only numbers are allowed as constants');
  });

  it('refuses a function given too many or too few arguments when the formula is read, not when a user submits', () => {
    expect(refusal('round(a, 1, 2)')).toBe("function 'round' takes 1 or 2 arguments, not 3");
    expect(refusal('floor()')).toBe("function 'floor' takes 1 or 2 arguments, not 0");
    expect(refusal('max()')).toBe("function 'max' takes at least 1 argument, not 0");
    expect(refusal('sqrt()')).toBe("function 'sqrt' takes 1 argument, not 0");
    expect(refusal('abs(a, b)')).toBe("function 'abs' takes 1 argument, not 2");
    expect(refusal('2 * min(max(a), ceil(a, b, 1))')).toBe("function 'ceil' takes 1 or 2 arguments, not 3");
    expect(refusal('round(a, 1.5)')).toMatch(/must be an integer/);
    expect(
      parseFormula('max(a, b, 3) + min(a) + round(a) + floor(a, 2) + ceil(b, 1) + abs(a) + sqrt(b)').variables,
    ).toEqual(['a', 'b']);
    // Values that only some data makes impossible are not refused here (a division by a field that may be 1).
    expect(parseFormula('a / (b - 1)').variables).toEqual(['a', 'b']);
  });

  it('a result that is not a finite number is an error, not a value', () => {
    expect(() => parseFormula('a / b').evaluate({ a: 1, b: 0 })).toThrow(FormulaError);
    expect(() => parseFormula('sqrt(a)').evaluate({ a: -1 })).toThrow('the result is not a finite number');
  });

  it('reads only the values given, nothing from the object prototype', () => {
    expect(() => parseFormula('toString + 1').evaluate({})).toThrow();
  });
});

describe('calculation fields', () => {
  it('are rounded to their precision, 1 decimal by default', () => {
    expect(calculate(calc('a / 3', 2), { a: 10 })).toBe(3.33);
    expect(calculate(calc('a / 3'), { a: 10 })).toBe(3.3);
    expect(calculate(calc('a / 3', 0), { a: 10 })).toBe(3);
  });

  it('wait while an input is empty or not a finite number', () => {
    expect(calculate(calc('a * b'), { a: 2 })).toBeUndefined();
    expect(calculate(calc('a * b'), { a: 2, b: '3' })).toBeUndefined();
    expect(calculate(calc('a * b'), { a: 2, b: Number.NaN })).toBeUndefined();
    expect(calculate(calc('a * b'), { a: Infinity, b: 1 })).toBeUndefined();
    expect(calculate(calc('a * b'), { a: 2, b: 0 })).toBe(0);
  });

  it('are computed again whatever was sent; one that cannot be computed is 3059, the others still are', () => {
    const fields = [
      { key: 'a', type: 'number', label: L('A') },
      calc('a * 2'),
      { ...calc('1 / a'), key: 'inverse' },
      { ...calc('a + b'), key: 'pending' },
    ] as FieldOf<'calculation'>[];
    expect(applyCalculations(fields, { a: 0, total: 99, inverse: 5, pending: 7 })).toEqual({
      data: { a: 0, total: 0 },
      errors: { inverse: [ErrorCode.formulaIncorrect] },
    });
    expect(applyCalculations(fields, { a: 4 })).toEqual({ data: { a: 4, total: 8, inverse: 0.3 }, errors: {} });
  });

  it('one still waiting for an input is left out of the data, not stored empty', () => {
    expect(applyCalculations([calc('a + b')], { a: 1, total: 5 })).toStrictEqual({ data: { a: 1 }, errors: {} });
  });

  it('a later calculation may use an earlier one', () => {
    const fields = [calc('a * 2'), { ...calc('total + 1'), key: 'next' }];
    expect(applyCalculations(fields, { a: 2 }).data).toEqual({ a: 2, total: 4, next: 5 });
  });

  it('a formula that is no formula at all is 3059 too', () => {
    expect(applyCalculations([calc('a +')], { a: 1 }).errors).toEqual({ total: [ErrorCode.formulaIncorrect] });
  });

  it('a function given the wrong number of arguments is 3059, never an error of the server', () => {
    expect(applyCalculations([calc('round(a, 1, 2)')], { a: 1.234 })).toEqual({
      data: { a: 1.234 },
      errors: { total: [ErrorCode.formulaIncorrect] },
    });
  });
});

describe('the review of a calculation field: its inputs in formula order and its result', () => {
  it("lists each input in the order the formula names it, and the result at the field's precision", () => {
    expect(
      reviewCalculation(calc('caseCount * dosesPerCase / 3 + caseCount', 2), {
        dosesPerCase: 10,
        caseCount: 4,
        other: 1,
      }),
    ).toStrictEqual({
      formula: 'caseCount * dosesPerCase / 3 + caseCount',
      inputs: [
        { key: 'caseCount', value: 4 },
        { key: 'dosesPerCase', value: 10 },
      ],
      result: 17.33,
    });
  });

  it('shows an input that is empty, text or not a finite number as empty, and no result yet', () => {
    expect(reviewCalculation(calc('a + b + c + d'), { a: 1, c: '2', d: Number.NaN })).toStrictEqual({
      formula: 'a + b + c + d',
      inputs: [
        { key: 'a', value: 1 },
        { key: 'b', value: undefined },
        { key: 'c', value: undefined },
        { key: 'd', value: undefined },
      ],
      result: undefined,
    });
    expect(reviewCalculation(calc('a * 2'), { a: Infinity }).inputs).toStrictEqual([{ key: 'a', value: undefined }]);
  });
});
