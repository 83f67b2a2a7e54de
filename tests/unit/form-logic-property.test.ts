import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CustomField } from '@schemas/custom-field';
import { ErrorCode } from '@schemas/error-codes';
import { compile } from '@renderer/compile';
import { evaluateRules, rulesOf } from '@renderer/calculations';
import { checkFormLogic } from '@renderer/logic-check';
import { uiSchemaFor } from '@/shared/forms/use-form-rules';
import { validateFormData } from '@renderer/validate';
import { context, L } from './renderer/fixtures';

/**
 * The phone and the server give the same verdict: for random forms with rules and random
 * answers, what the phone keeps (hidden values taken away) and refuses (required, constraint) is
 * exactly what the server refuses, and a value the phone would not have kept is refused by the
 * server with its field's name.
 */
const TODAY = '2026-11-27';
type Kind = 'number' | 'text' | 'singleSelect';
const OPTIONS = ['a', 'b', 'c'];

const atom = (key: string, kind: Kind, self = false): fc.Arbitrary<string> => {
  const name = self ? '.' : key;
  switch (kind) {
    case 'number':
      return fc
        .tuple(fc.constantFrom('==', '!=', '<', '>', '<=', '>='), fc.integer({ min: -2, max: 12 }))
        .map(([op, n]) => `${name} ${op} ${n}`);
    case 'text':
      return fc.constantFrom(`${name} == 'x'`, `${name} != ''`, `${name} == ''`, `${name} != 'y'`);
    default:
      return fc
        .tuple(fc.constantFrom(...OPTIONS), fc.boolean())
        .map(([o, useSelected]) => (useSelected ? `selected(${name}, '${o}')` : `${name} == '${o}'`));
  }
};

const combined = (atoms: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    atoms,
    fc.tuple(atoms, fc.constantFrom('and', 'or'), atoms).map(([a, op, b]) => `(${a}) ${op} (${b})`),
    atoms.map((a) => `not (${a})`),
  );

const formArb = fc.integer({ min: 2, max: 6 }).chain((count) =>
  fc
    .array(fc.constantFrom<Kind>('number', 'text', 'singleSelect'), { minLength: count, maxLength: count })
    .chain((kinds) => {
      const keys = kinds.map((_, i) => `f${i}`);
      const earlier = (i: number) =>
        i === 0 ? null : fc.oneof(...kinds.slice(0, i).map((kind, j) => atom(keys[j] as string, kind)));
      const fieldArbs = kinds.map((kind, i) => {
        const before = earlier(i);
        const anyOther = fc.oneof(...kinds.map((k, j) => atom(keys[j] as string, k)));
        return fc.record({
          required: fc.boolean(),
          relevant: before ? fc.option(combined(before), { nil: undefined }) : fc.constant(undefined),
          requiredIf: fc.option(combined(anyOther), { nil: undefined }),
          constraint: fc.option(combined(atom(keys[i] as string, kind, true)), { nil: undefined }),
        });
      });
      return fc.tuple(...fieldArbs).map((rules) =>
        kinds.map((kind, i) => {
          const base = { key: keys[i] as string, label: L(`Field ${i}`), required: rules[i]?.required };
          const logic = {
            ...(rules[i]?.relevant ? { relevant: rules[i]?.relevant } : {}),
            ...(rules[i]?.requiredIf ? { requiredIf: rules[i]?.requiredIf } : {}),
            ...(rules[i]?.constraint ? { constraint: rules[i]?.constraint, constraintMessage: L(`Bad ${i}`) } : {}),
          };
          if (kind === 'number') return { ...base, ...logic, type: 'number', precision: 0 } as CustomField;
          if (kind === 'text') return { ...base, ...logic, type: 'text' } as CustomField;
          return {
            ...base,
            ...logic,
            type: 'singleSelect',
            options: OPTIONS.map((value) => ({ value, label: L(value) })),
          } as CustomField;
        }),
      );
    }),
);

const answersArb = (fields: CustomField[]) =>
  fc.record(
    Object.fromEntries(
      fields.map((f) => [
        f.key,
        f.type === 'number'
          ? fc.integer({ min: -3, max: 13 })
          : f.type === 'text'
            ? fc.constantFrom('x', 'y', 'z')
            : fc.constantFrom(...OPTIONS),
      ]),
    ),
    { requiredKeys: [] },
  );

describe('the phone and the server agree on form logic', () => {
  it('on random forms with rules and random answers', () => {
    fc.assert(
      fc.property(
        formArb.chain((fields) => fc.tuple(fc.constant(fields), answersArb(fields))),
        ([fields, answers]) => {
          // Every generated rule passes the configuration check.
          expect(checkFormLogic(fields, '/f')).toEqual([]);
          const form = compile(fields, context());
          // The phone: what it keeps and what it refuses before sending.
          const phone = evaluateRules(rulesOf(form.fields), answers, TODAY);
          const sent = phone.values;
          const phoneRefuses = new Map<string, number>();
          for (const key of phone.missing) phoneRefuses.set(key, ErrorCode.emptyField);
          for (const { key } of phone.failed) phoneRefuses.set(key, ErrorCode.invalidFormat);
          // Static required fields without `relevant` are the schema's: the phone's rjsf refuses them alike.
          for (const f of form.fields)
            if (form.schema.required.includes(f.key) && sent[f.key] === undefined)
              phoneRefuses.set(f.key, ErrorCode.emptyField);
          // The server, given what the phone sends.
          const server = validateFormData(form, sent, { today: TODAY });
          expect(server.errors).toEqual(Object.fromEntries([...phoneRefuses].map(([key, code]) => [key, [code]])));
          if (phoneRefuses.size === 0) expect(server.data).toEqual(sent);
          // The phone draws exactly the fields the server accepts a value for.
          const ui = uiSchemaFor(form.uiSchema, phone);
          const drawn = form.fields.filter((f) => (ui[f.key] as Record<string, unknown>)['ui:widget'] !== 'hidden');
          expect(drawn.map((f) => f.key).sort()).toEqual(
            form.fields
              .map((f) => f.key)
              .filter((k) => !phone.hidden.includes(k))
              .sort(),
          );
          // A value the phone would not have kept is refused by the server, under its name.
          const unkept = Object.keys(answers).filter((key) => !(key in sent));
          const raw = validateFormData(form, answers, { today: TODAY });
          for (const key of unkept) expect(raw.errors[key]).toEqual([ErrorCode.invalidKey]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
