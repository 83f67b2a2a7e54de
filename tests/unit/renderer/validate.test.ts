// @vitest-environment happy-dom
// (initI18n sets the document language; the rest of the renderer tests need no DOM.)
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { CustomField } from '@schemas/custom-field';
import { compile } from '@renderer/compile';
import { messageFor } from '@renderer/errors';
import { parseFormula, FormulaError } from '@renderer/formula';
import { validateFormData, validatorFor } from '@renderer/validate';
import { initI18n } from '@/shared/i18n/i18n';
import { context, L, text } from './fixtures';

const fields: CustomField[] = [
  text('lot', { required: true, maxLength: 5, inputPattern: 'lettersDigitsDash' }),
  { key: 'cases', type: 'number', label: L('Cases'), min: 1, max: 100, precision: 0 },
  { key: 'doses', type: 'number', label: L('Doses'), precision: 1 },
  { key: 'total', type: 'calculation', label: L('Total'), formula: 'cases * doses', precision: 0 },
  { key: 'mail', type: 'email', label: L('Mail') },
  { key: 'sign', type: 'eSign', label: L('Sign'), required: true },
  { key: 'secret', type: 'text', label: L('Secret'), visibility: 'visibleWhenLoggedIn' },
];

describe('validateFormData (the server half of the renderer)', () => {
  const form = compile(fields, context());

  it('computes calculations itself, ignoring what the client sent, and rounds numbers to their precision', () => {
    const { data, errors } = validateFormData(form, {
      lot: 'A-1',
      cases: 3.4,
      doses: 2.26,
      total: 999999,
      sign: '/files/s.png',
    });
    expect(errors).toEqual({});
    expect(data).toMatchObject({ cases: 3, doses: 2.3, total: 7 });
  });

  it('answers catalogue codes per field', () => {
    const { errors } = validateFormData(form, { lot: 'toolong!', cases: 0, mail: 'nope', extra: 1 });
    expect(errors).toEqual({ lot: [1005, 1001], cases: [1010], mail: [1001], sign: [1000], extra: [2200] });
  });

  it('refuses a field the viewer may not see', () => {
    const visitorForm = compile(fields, context({ loggedIn: false }));
    expect(validateFormData(visitorForm, { lot: 'A', sign: 'x', secret: 'peek' }).errors).toEqual({ secret: [2200] });
  });

  it('reports a formula that cannot be evaluated', () => {
    const broken = compile(
      [
        { key: 'a', type: 'number', label: L('A') },
        { key: 'q', type: 'calculation', label: L('Q'), formula: '1 / a' },
      ],
      context({ formId: { project: 'p', version: 1, barcodeType: 't', form: 'f' } }),
    );
    expect(validateFormData(broken, { a: 0 }).errors).toEqual({ q: [3059] });
  });

  it('compiles each form in ajv once', () => {
    expect(validatorFor(form)).toBe(validatorFor(compile(fields, context())));
  });
});

describe('formulas are restricted', () => {
  it.each(['x = 1', 'f(x) = x', 'a.b', 'import({})', 'evaluate("1")', '"s"', '[1]', '{a: 1}', 'a ? b : c'])(
    'refuses %s',
    (formula) => {
      expect(() => parseFormula(formula)).toThrow(FormulaError);
    },
  );
  it('evaluates arithmetic and the allowed functions over field values', () => {
    expect(parseFormula('round(max(a, b) / 3, 2) + 2^2').evaluate({ a: 1, b: 10 })).toBe(7.33);
  });
});

describe('validation messages come from i18n, never raw ajv', () => {
  beforeAll(async () => {
    await (await initI18n(['en'])).loadNamespaces('forms');
  });
  const form = compile(fields, context());
  const messages = (data: object) => {
    const validate = validatorFor(form);
    validate(data);
    return (validate.errors ?? []).map((e) => {
      const m = messageFor(
        e,
        fields.find(
          (f) => e.instancePath.includes(f.key) || (e.params as { missingProperty?: string }).missingProperty === f.key,
        )?.type,
      );
      return i18next.t(m.key as 'form.invalid', { ns: 'forms', ...m.values });
    });
  };

  it("says 'Cannot enter more than 5 characters' and 'Please sign'", () => {
    expect(messages({ lot: 'ABCDEFG' })).toEqual(
      expect.arrayContaining(['Cannot enter more than 5 characters', 'Please sign']),
    );
  });

  it('names the input pattern and the bounds', () => {
    expect(messages({ lot: 'a_b', cases: 101, sign: 'x' })).toEqual([
      'Letters, digits and - only.',
      'Enter 100 or less.',
    ]);
  });

  it('in Japanese too', async () => {
    await i18next.changeLanguage('ja');
    expect(messages({ lot: 'ABCDEFG', sign: 'x' })).toEqual(['5文字を超えて入力できません']);
    await i18next.changeLanguage('en');
  });
});
