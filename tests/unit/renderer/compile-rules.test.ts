import { describe, expect, it } from 'vitest';
import type { CustomField } from '@schemas/custom-field';
import { compile, isVisible, orderFields, schemaId, SCHEMA_ID_BASE } from '@renderer/compile';
import { context, L, text } from './fixtures';

const keys = (fields: readonly CustomField[]) => fields.map((f) => f.key);

describe('the order fields appear in', () => {
  it('fields with an order come first, lowest first; the rest follow in list order', () => {
    expect(
      keys(orderFields([text('a'), text('b', { order: 2 }), text('c'), text('d', { order: 1 }), text('e')])),
    ).toEqual(['d', 'b', 'a', 'c', 'e']);
    expect(keys(orderFields([text('a', { order: -1 }), text('b', { order: 0 })]))).toEqual(['a', 'b']);
  });

  it('fields of equal order keep their list position, however many there are', () => {
    const many = Array.from({ length: 12 }, (_, i) => text(`f${i}`, { order: i % 2 }));
    expect(keys(orderFields(many))).toEqual(['f0', 'f2', 'f4', 'f6', 'f8', 'f10', 'f1', 'f3', 'f5', 'f7', 'f9', 'f11']);
    expect(keys(orderFields([text('z'), text('y'), text('x')]))).toEqual(['z', 'y', 'x']);
  });
});

describe('who sees a field, by its visibility and whether the viewer is logged in', () => {
  it('visible (the default) to all, visible-when-logged-in and unknown to users only, hidden to nobody', () => {
    expect([isVisible(text('a'), false), isVisible(text('a', { visibility: 'visible' }), false)]).toEqual([true, true]);
    expect([
      isVisible(text('a', { visibility: 'visibleWhenLoggedIn' }), false),
      isVisible(text('a', { visibility: 'visibleWhenLoggedIn' }), true),
    ]).toEqual([false, true]);
    expect([
      isVisible(text('a', { visibility: 'unknown' }), false),
      isVisible(text('a', { visibility: 'unknown' }), true),
    ]).toEqual([false, true]);
    expect([
      isVisible(text('a', { visibility: 'hidden' }), false),
      isVisible(text('a', { visibility: 'hidden' }), true),
    ]).toEqual([false, false]);
  });

  it("a masked field's place is labelled in the viewer's language; hidden ones leave no trace", () => {
    const form = compile(
      [text('secret', { visibility: 'visibleWhenLoggedIn' }), text('gone', { visibility: 'hidden' })],
      context({ loggedIn: false, language: 'ja' }),
    );
    expect(form.masked).toEqual([{ key: 'secret', label: 'secret (ja)' }]);
    expect(form.fields).toEqual([]);
    expect(form.schema.properties).toEqual({});
  });
});

describe('what a compiled field says', () => {
  it("labels and help text in the viewer's language", () => {
    const form = compile([text('lot', { helpText: L('On the label') })], context({ language: 'zh-TW' }));
    expect(form.schema.properties.lot).toMatchObject({ title: 'lot (zh-TW)', description: 'On the label (zh-TW)' });
    expect(compile([text('lot')], context()).schema.properties.lot).not.toHaveProperty('description');
  });

  it('required fields are listed as required, and the widget knows it', () => {
    const form = compile([text('a', { required: true }), text('b'), text('c', { required: false })], context());
    expect(form.schema.required).toEqual(['a']);
    expect((form.uiSchema.a as { 'ui:options': object })['ui:options']).toMatchObject({
      required: true,
      fieldKey: 'a',
      fieldType: 'text',
    });
    expect((form.uiSchema.b as { 'ui:options': object })['ui:options']).toMatchObject({ required: false });
  });

  it('a required list needs an entry; a larger minimum of entries stays', () => {
    const options = [
      { value: 'x', label: L('X') },
      { value: 'y', label: L('Y') },
      { value: 'z', label: L('Z') },
    ];
    const form = compile(
      [
        { key: 'pics', type: 'files', label: L('Pics'), fileKind: 'image', required: true },
        { key: 'two', type: 'multiSelect', label: L('Two'), options, minItems: 2, required: true },
        { key: 'opt', type: 'multiSelect', label: L('Opt'), options },
        { key: 'zero', type: 'multiSelect', label: L('Zero'), options, minItems: 0, required: true },
      ] as CustomField[],
      context(),
    );
    expect(form.schema.properties.pics).toMatchObject({ minItems: 1 });
    expect(form.schema.properties.two).toMatchObject({ minItems: 2 });
    expect(form.schema.properties.opt).not.toHaveProperty('minItems');
    expect(form.schema.properties.zero).toMatchObject({ minItems: 1 });
    expect(form.schema.required).toEqual(['pics', 'two', 'zero']);
  });

  it('a calculation is never required from the user, even when configured so', () => {
    const form = compile(
      [{ key: 'sum', type: 'calculation', label: L('Sum'), formula: '1 + 1', required: true }],
      context(),
    );
    expect(form.schema.required).toEqual([]);
  });

  it('options left unset are not sent to the widget; select labels are', () => {
    const form = compile(
      [text('t'), { key: 's', type: 'singleSelect', label: L('S'), options: [{ value: 'v', label: L('Vee') }] }],
      context(),
    );
    expect(form.uiSchema.t).toEqual({
      'ui:field': 'text',
      'ui:options': { counter: false, readers: [], fieldKey: 't', fieldType: 'text', required: false },
    });
    expect(form.uiSchema.s).toMatchObject({ 'ui:enumNames': ['Vee'] });
    expect(form.uiSchema.t).not.toHaveProperty('ui:enumNames');
  });

  it('unknown keys are refused by every compiled form', () => {
    expect(compile([text('a')], context()).schema).toMatchObject({ type: 'object', additionalProperties: false });
  });
});

describe('schema ids', () => {
  it('name the project, type, form, stage, language and viewer, URL-encoded', () => {
    const id = schemaId(
      context({
        formId: { project: 'my proj', version: 3, barcodeType: 'a/b', form: 'hub/check' },
        stage: 'tracking',
        language: 'ja',
        loggedIn: false,
      }),
      [],
    );
    expect(id.startsWith(`${SCHEMA_ID_BASE}/my%20proj@3/a%2Fb/hub/check/tracking/ja/visitor/`)).toBe(true);
  });

  it('differ when any field differs, even by one character', () => {
    const ids = new Set(
      [
        [text('a')],
        [text('b')],
        [text('a', { maxLength: 1 })],
        [text('a', { maxLength: 2 })],
        [text('ab')],
        [text('ba')],
        [],
      ].map((fields) => schemaId(context(), fields)),
    );
    expect(ids.size).toBe(7);
    expect(schemaId(context(), [text('a')])).toBe(schemaId(context(), [text('a')]));
    expect(schemaId(context(), [text('a')])).toMatch(/\/[0-9a-z]{1,7}$/);
  });
});
