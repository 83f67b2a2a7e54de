// @vitest-environment node
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { Project } from '@schemas/api/project';
import { EXAMPLE_BARCODE_ID, EXAMPLE_PROJECT, FIELD_EXAMPLES } from '@schemas/config-examples';
import { CustomFieldSchema, type CustomField, type CustomFieldType } from '@schemas/custom-field';
import { ProjectConfig } from '@schemas/project-config';
import { compileForm, FIELD_TYPE_NAMES, type FormRef } from '@renderer';
import { checkProjectConfig, qaCheck } from '@renderer/config-check';
import { validateFormData } from '@renderer/validate';
import { DEFAULT_TIME_BETWEEN_SCANS_MS } from '@/features/scanning/model/decoding';
import { CONFIG_REFERENCE_PATH, configReference } from '../../scripts/config-reference';

/**
 * The configuration reference (docs/admins/configuration.md) is generated from the format: it
 * must be the committed page, cover every field type, and show only examples the renderer
 * accepts; the format it is made from must describe every option, with defaults and examples
 * that are values the option takes.
 */

type Schema = { [keyword: string]: unknown };
const BRANCHES = (CustomFieldSchema as unknown as { oneOf: Schema[] }).oneOf;
const typeOfBranch = (branch: Schema) => (branch.properties as { type: { const: CustomFieldType } }).type.const;
const branchOf = (type: CustomFieldType) => BRANCHES.find((b) => typeOfBranch(b) === type) as Schema;
const propertiesOf = (schema: Schema) => Object.entries((schema.properties ?? {}) as Record<string, Schema>);

/** Every subschema of a schema, with the path to it (properties by name, `*` for items and map values). */
function* walk(schema: Schema, path = ''): Generator<[string, Schema]> {
  yield [path, schema];
  for (const [name, property] of propertiesOf(schema)) yield* walk(property, `${path}/${name}`);
  if (schema.items) yield* walk(schema.items as Schema, `${path}/*`);
  for (const value of Object.values((schema.patternProperties ?? {}) as Record<string, Schema>))
    yield* walk(value, `${path}/*`);
  for (const branch of (schema.oneOf ?? []) as Schema[]) yield* walk(branch, `${path}/${String(typeOfBranch(branch))}`);
}

/** A project with one barcode type whose activation form holds these fields. */
const projectWith = (fields: CustomField[]) => ({
  barcodeReaderType: 'camera',
  endTrackPointKey: 'end',
  requirePassword: false,
  requireOneTimePasscode: false,
  allowUserSelfRegister: false,
  showBarcodeSearchPage: false,
  showTrackingCountPage: false,
  barcodeTypes: {
    box: {
      order: 1,
      name: { en: 'Box', ja: '箱', 'zh-TW': '箱', 'zh-CN': '箱' },
      icon: 'package',
      color: { foreground: '#000000', background: '#ffffff' },
      userTypes: ['staff'],
      activationFields: fields,
      trackPoints: [
        { key: 'end', name: { en: 'End', ja: '終点', 'zh-TW': '終點', 'zh-CN': '终点' }, trackPointForms: [] },
      ],
    },
  },
});
const ACTIVATION: FormRef = { form: 'activation', barcodeType: 'box', stage: 'activation' };
const compiled = (fields: CustomField[], loggedIn = true) =>
  compileForm({ code: 'doc', version: 1, ...projectWith(fields) } as never, ACTIVATION, { language: 'en', loggedIn });

describe('the configuration reference', () => {
  it('is the committed page', async () => {
    const committed = readFileSync(CONFIG_REFERENCE_PATH, 'utf8');
    expect(committed, `${CONFIG_REFERENCE_PATH} is out of date: run npm run docs:config and commit it`).toBe(
      await configReference(),
    );
  });

  it('has a section with a complete example for every field type of the format', async () => {
    expect(new Set(BRANCHES.map(typeOfBranch))).toEqual(new Set(FIELD_TYPE_NAMES));
    expect(new Set(Object.keys(FIELD_EXAMPLES))).toEqual(new Set(FIELD_TYPE_NAMES));
    const page = await configReference();
    for (const type of FIELD_TYPE_NAMES) {
      const heading = `### ${String(branchOf(type).title)} (\`${type}\`)`;
      const section = page.split(heading)[1]?.split(/\n#{2,3} /)[0];
      expect(section, `no section ${heading}`).toBeDefined();
      const block = /```json\n([\s\S]*?)```/.exec(section ?? '')?.[1];
      expect(block, `${type}: no JSON example`).toBeDefined();
      expect(JSON.parse(block ?? 'null'), type).toEqual(FIELD_EXAMPLES[type].field);
      expect(FIELD_EXAMPLES[type].field.type).toBe(type);
    }
  });

  it('shows a whole configuration that passes the QA check', () => {
    const { problems, forms } = qaCheck(EXAMPLE_PROJECT);
    expect(problems).toEqual([]);
    expect(forms.length).toBeGreaterThan(1);
  });
});

describe('every field example', () => {
  it.each(FIELD_TYPE_NAMES)('%s passes the checks, compiles, and accepts and stores its value', (type) => {
    const example = FIELD_EXAMPLES[type];
    const others = (example.alongside ?? []).map((other) => FIELD_EXAMPLES[other]);
    const fields = [...others.map((o) => o.field), example.field] as CustomField[];
    expect(checkProjectConfig(projectWith(fields))).toEqual([]);

    const form = compiled(fields);
    const { key } = example.field;
    expect(form.schema.properties[key]).toMatchObject({ title: example.field.label.en });
    expect(form.uiSchema[key]).toMatchObject({ 'ui:field': type });

    const data = Object.fromEntries([...others, example].map((e) => [e.field.key, e.value]));
    const result = validateFormData(form, data, { barcodeId: EXAMPLE_BARCODE_ID });
    expect(result.errors).toEqual({});
    const { value } = example;
    // A GHG field is stored with the emission the server adds to the inputs sent.
    expect(result.data[key]).toEqual(
      typeof value === 'object' && value !== null && !Array.isArray(value) ? expect.objectContaining(value) : value,
    );
  });

  it('is refused with a value of another shape (the check above can fail)', () => {
    const { field } = FIELD_EXAMPLES.number;
    expect(validateFormData(compiled([field]), { [field.key]: 'many' }).errors).toHaveProperty(field.key);
  });
});

describe('the format the reference is made from', () => {
  // The fields are reached through the barcode types' activation fields and forms.
  const everyNode = () => [...walk(ProjectConfig as unknown as Schema)];

  it('describes every option, and titles every field type', () => {
    const undescribed = everyNode().flatMap(([path, node]) =>
      propertiesOf(node)
        .filter(([, property]) => typeof property.description !== 'string' || property.description.length < 10)
        .map(([name]) => `${path}/${name}`),
    );
    expect(undescribed).toEqual([]);
    expect(BRANCHES.filter((b) => typeof b.title !== 'string' || typeof b.description !== 'string')).toEqual([]);
  });

  it('gives defaults and examples that the option accepts', () => {
    const ajv = new Ajv({ strict: false, discriminator: true });
    addFormats(ajv);
    const refused: string[] = [];
    let checked = 0;
    for (const [path, node] of everyNode()) {
      const values = [...('default' in node ? [node.default] : []), ...((node.examples as unknown[]) ?? [])];
      if (values.length === 0) continue;
      const validate = ajv.compile(node);
      for (const value of values) {
        checked += 1;
        if (!validate(value)) refused.push(`${path}: ${JSON.stringify(value)}`);
      }
    }
    expect(refused).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  it("gives each field option's default the meaning it has when the option is left out", () => {
    const differing: string[] = [];
    let checked = 0;
    for (const type of FIELD_TYPE_NAMES) {
      for (const [name, option] of propertiesOf(branchOf(type))) {
        if (!('default' in option)) continue;
        const { [name]: _left, ...without } = FIELD_EXAMPLES[type].field as Record<string, unknown>;
        const withDefault = { ...without, [name]: option.default };
        const [a, b] = [without, withDefault].map((field) => compiled([field as CustomField])) as [
          ReturnType<typeof compiled>,
          ReturnType<typeof compiled>,
        ];
        const uiA = (a.uiSchema[without.key as string] as { 'ui:options': Record<string, unknown> })['ui:options'];
        const uiB = (b.uiSchema[without.key as string] as { 'ui:options': Record<string, unknown> })['ui:options'];
        // An option the renderer hands to the widget as given is absent on one side only: the rest must agree.
        if (!(name in uiA)) delete uiB[name];
        checked += 1;
        if (
          JSON.stringify([a.schema.properties, a.schema.required, uiA]) !==
          JSON.stringify([b.schema.properties, b.schema.required, uiB])
        )
          differing.push(`${type}.${name}`);
      }
    }
    expect(differing).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  });

  it('gives the project settings the defaults the phones apply', () => {
    const settings = (ProjectConfig as unknown as Schema).properties as Record<string, Schema>;
    expect(settings.timeBetweenScansMillis?.default).toBe(DEFAULT_TIME_BETWEEN_SCANS_MS);
  });

  it("keeps `default` out of the project answer's schema, whose serialiser would write it into answers", () => {
    const withDefault = [...walk(Project as unknown as Schema)].filter(([, node]) => 'default' in node);
    expect(withDefault.map(([path]) => path)).toEqual([]);
    expect([...walk(ProjectConfig as unknown as Schema)].some(([, node]) => 'default' in node)).toBe(true);
  });
});
