/**
 * `npm run docs:config`: writes docs/admins/configuration.md, the reference of the project
 * configuration format, from the format itself: the titles, descriptions, defaults and examples
 * of schemas/project-config.ts and schemas/custom-field.ts, the examples of
 * schemas/config-examples.ts, the field types in the renderer's order and the problems the
 * checks report (locales/en/config.json). tests/unit/config-reference.test.ts fails while the
 * committed page differs from what this writes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { BarcodeType, ProjectConfig, TrackPoint, TrackPointForm } from '../schemas/project-config';
import { CustomFieldSchema, type CustomFieldType } from '../schemas/custom-field';
import { EXAMPLE_PROJECT, FIELD_EXAMPLES } from '../schemas/config-examples';
import { IDENTIFIER_PATTERN } from '../schemas/field-constants';
import { NAME_PATTERN, RESERVED_NAMES } from '../schemas/own-keys';
import { LANGUAGES } from '../schemas/languages';
import { FIELD_TYPE_NAMES } from '../renderer';

/** Where the reference is written, from the repository's root. */
export const CONFIG_REFERENCE_PATH = 'docs/admins/configuration.md';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A JSON Schema as TypeBox builds it: plain keywords. */
type Schema = { [keyword: string]: unknown };

const asSchema = (value: unknown): Schema => value as Schema;
const propertiesOf = (schema: Schema) => Object.entries((schema.properties ?? {}) as Record<string, Schema>);
/** The one value schema of a map (`Type.Record`), if the schema is one. */
const mapValueOf = (schema: Schema): Schema | undefined =>
  schema.patternProperties ? Object.values(schema.patternProperties as Record<string, Schema>)[0] : undefined;

/** The objects that have a section of their own: a property holding one links to it. */
const SECTIONS = new Map<unknown, { heading: string; name: string }>([
  [ProjectConfig, { heading: 'Project', name: 'project' }],
  [BarcodeType, { heading: 'Barcode type', name: 'barcode type' }],
  [TrackPoint, { heading: 'Trackpoint', name: 'trackpoint' }],
  [TrackPointForm, { heading: 'Form', name: 'form' }],
  [CustomFieldSchema, { heading: 'Fields', name: 'field' }],
]);

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
const link = (text: string, heading: string) => `[${text}](#${anchor(heading)})`;
const code = (text: string) => `\`${text}\``;
const json = (value: unknown) => code(JSON.stringify(value));
/** A table cell: one line, its pipes escaped. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

const IDENTIFIERS = 'Identifiers';
const TEXTS = 'Texts in four languages';

/** A text in the four languages: an object of exactly the language codes, each a string. */
const isLocalized = (schema: Schema) => {
  const names = propertiesOf(schema).map(([name]) => name);
  return (
    schema.type === 'object' &&
    names.length === LANGUAGES.length &&
    LANGUAGES.every((language) => names.includes(language)) &&
    propertiesOf(schema).every(([, p]) => p.type === 'string')
  );
};

/** `a`, `b` or `c`. */
const choices = (values: readonly unknown[]) => {
  const shown = values.map((v) => code(String(v)));
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}` : (shown[0] ?? '');
};

function numberRange(schema: Schema): string {
  const { minimum, maximum, exclusiveMinimum } = schema as Record<string, number | undefined>;
  if (exclusiveMinimum !== undefined)
    return maximum !== undefined
      ? `, more than ${exclusiveMinimum}, at most ${maximum}`
      : `, more than ${exclusiveMinimum}`;
  if (minimum !== undefined && maximum !== undefined) return `, ${minimum} to ${maximum}`;
  if (minimum !== undefined) return `, ${minimum} or more`;
  if (maximum !== undefined) return `, at most ${maximum}`;
  return '';
}

function textLength(schema: Schema): string {
  const { minLength, maxLength } = schema as Record<string, number | undefined>;
  if (minLength !== undefined && maxLength !== undefined) return ` (${minLength} to ${maxLength} characters)`;
  if (maxLength !== undefined) return ` (up to ${maxLength} characters)`;
  if (minLength === 1) return ' (not empty)';
  if (minLength !== undefined) return ` (at least ${minLength} characters)`;
  return '';
}

function stringType(schema: Schema): string {
  if (schema.format === 'email') return 'e-mail address';
  if (schema.format === 'date') return 'date (YYYY-MM-DD)';
  if (schema.pattern === NAME_PATTERN) return link('identifier', IDENTIFIERS);
  if (schema.pattern === '^#[0-9a-fA-F]{6}$') return 'colour (`#rrggbb`)';
  return `text${textLength(schema)}`;
}

/** What kind of value an option takes, in words. */
function typeOf(schema: Schema): string {
  const section = SECTIONS.get(schema);
  if (section) return link(section.name, section.heading);
  if ('const' in schema) return json(schema.const);
  if (Array.isArray(schema.enum)) return choices(schema.enum);
  if (isLocalized(schema)) return link('text in four languages', TEXTS);
  switch (schema.type) {
    case 'string':
      return stringType(schema);
    case 'integer':
      return `whole number${numberRange(schema)}`;
    case 'number':
      return `number${numberRange(schema)}`;
    case 'boolean':
      return '`true` or `false`';
    case 'array': {
      const bounds = [
        schema.minItems !== undefined ? `at least ${String(schema.minItems)}` : '',
        schema.maxItems !== undefined ? `at most ${String(schema.maxItems)}` : '',
        schema.uniqueItems ? 'each once' : '',
      ].filter(Boolean);
      return `list of ${typeOf(asSchema(schema.items))}${bounds.length > 0 ? `; ${bounds.join(', ')}` : ''}`;
    }
    case 'object': {
      const value = mapValueOf(schema);
      if (value) return `map from key to ${typeOf(value)}`;
      return 'object';
    }
  }
  return 'any value';
}

interface Row {
  name: string;
  schema: Schema;
  required: boolean;
  /** The value the example of this part of the format gives the option, if any. */
  example?: unknown;
}

/**
 * The options of an object, with those inside its objects, lists of objects and maps of objects
 * as dotted names (`color.foreground`, `products[].code`, `ghg.factors.<id>.value`); an option
 * holding a part of the format with a section of its own links there instead. `example` is a
 * value of the object (a field type's example): its options' values are the rows' examples, an
 * object's own row taking none when its options have rows of their own.
 */
function rowsOf(schema: Schema, prefix = '', example?: unknown): Row[] {
  const required = new Set((schema.required ?? []) as string[]);
  const values = (typeof example === 'object' && example !== null ? example : {}) as Record<string, unknown>;
  return propertiesOf(schema).flatMap(([name, property]) => {
    const row: Row = {
      name: `${prefix}${name}`,
      schema: property,
      required: required.has(name),
      example: values[name],
    };
    if (SECTIONS.has(property) || isLocalized(property)) return [row];
    const items = property.type === 'array' ? asSchema(property.items) : undefined;
    const value = mapValueOf(property);
    const nested =
      property.type === 'object' && property.properties
        ? rowsOf(property, `${row.name}.`, row.example)
        : items?.properties && !SECTIONS.has(items)
          ? rowsOf(items, `${row.name}[].`, Array.isArray(row.example) ? row.example[0] : undefined)
          : value?.properties && !SECTIONS.has(value)
            ? rowsOf(value, `${row.name}.<id>.`)
            : [];
    return [nested.length > 0 ? { ...row, example: undefined } : row, ...nested];
  });
}

function table(rows: Row[]): string {
  const lines = rows.map((row) => {
    const examples = row.schema.examples as unknown[] | undefined;
    const example = row.example !== undefined ? row.example : examples?.[0];
    return [
      code(row.name),
      typeOf(row.schema),
      row.required ? 'yes' : 'no',
      row.schema.default !== undefined ? json(row.schema.default) : '—',
      String(row.schema.description ?? ''),
      example !== undefined ? json(example) : '—',
    ]
      .map(cell)
      .join(' | ');
  });
  return [
    '| Option | Type | Required | Default | Meaning | Example |',
    '| --- | --- | --- | --- | --- | --- |',
    ...lines.map((line) => `| ${line} |`),
  ].join('\n');
}

const jsonBlock = (value: unknown) => ['```json', JSON.stringify(value), '```'].join('\n');

/** The configuration format's shape of each field type, by type. */
const BRANCHES = new Map(
  (asSchema(CustomFieldSchema).oneOf as Schema[]).map((branch) => [
    asSchema(asSchema(branch.properties).type).const as CustomFieldType,
    branch,
  ]),
);
const branchOf = (type: CustomFieldType): Schema => {
  const branch = BRANCHES.get(type);
  if (!branch) throw new Error(`the configuration format has no field type '${type}'`);
  return branch;
};
/** The properties every field type has (key, label, required...), `type` apart: what differs is each type's own. */
const COMMON = (() => {
  const [first, ...others] = FIELD_TYPE_NAMES.map((type) => propertiesOf(branchOf(type)).map(([name]) => name));
  return new Set((first ?? []).filter((name) => name !== 'type' && others.every((names) => names.includes(name))));
})();

function fieldTypeSection(type: CustomFieldType): string {
  const branch = branchOf(type);
  const example = FIELD_EXAMPLES[type];
  const heading = `${String(branch.title)} (${code(type)})`;
  const own = rowsOf(branch, '', example.field).filter((row) => !COMMON.has(row.name));
  const alongside = (example.alongside ?? []).map((other) => {
    const field = FIELD_EXAMPLES[other].field;
    return `${code(field.key)} (${link(String(branchOf(other).title), `${String(branchOf(other).title)} (${code(other)})`)})`;
  });
  return [
    `### ${heading}`,
    String(branch.description),
    table(own),
    alongside.length > 0
      ? `Example, in a form that also has the fields ${alongside.join(' and ')} of their examples:`
      : 'Example:',
    jsonBlock(example.field),
    `A value as a form sends it: ${json(example.value)}.`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

const INTRODUCTION = `
A project's configuration says what its phones show and check: how users log in, the barcode
types, the trackpoints each type goes through, and the forms filled on the way. This page lists
every option of the format; it is made from the format itself, so it says what the server checks.

## Where a configuration lives and how it is checked

- A configuration is one JSON document per project version. The files
  \`server/projects/<code>@<version>.json\` (such as \`demo@1.json\`) are imported when the
  server starts and whenever one changes; the server keeps every published configuration as a
  revision.
- In the admin area (\`/admin\`, Configuration) an admin opens a draft of a project version and
  edits it with the form builder or the JSON editor, which completes option names and values from
  this format and shows the meanings listed here. Each save reports the draft's problems;
  publishing checks it again.
- \`npm run validate -- <file> [--data <dir>] [--out <dir>]\` runs the same checks for QA: the
  format, the rules across options (listed at the end of this page), and every form compiled and
  accepted, as a user and as a visitor sees it; with \`--data\` it validates sample form data, with
  \`--out\` it writes each compiled form.
- \`/playground\` (no login, touches no data) edits a configuration and shows every form as a phone
  draws it, in the four languages, logged in or out.
- A configuration that fails a check is refused with each problem and its JSON pointer (such as
  \`/barcodeTypes/pallet/activationFields/0/maxLength\`); a project keeps its last good configuration.
- \`server/projects/demo@1.json\` uses every field type; \`server/projects/secure@1.json\` is a
  project with passwords and one-time codes.

## Reading the tables

- Every object is closed: an option that is not listed is refused, so a misspelt option is
  reported, never ignored.
- **Required**: the option must be given (inside its object, when that object is given).
  **Default**: what applies when the option is absent; where there is none, the meaning says what
  absence means.
- A dotted name is an option inside an object (\`color.foreground\`); \`[]\` stands for each entry
  of a list (\`products[].code\`) and \`<id>\` for each key of a map (\`ghg.factors.<id>.value\`).

### ${IDENTIFIERS}

Keys of barcode types, trackpoints, forms and fields are identifiers: a letter, then letters,
digits or \`_\`, at most 64 characters in all (\`${IDENTIFIER_PATTERN}\`). The names
every JavaScript object already has are reserved and refused as keys (problem \`reservedName\`):
${RESERVED_NAMES.filter((name) => new RegExp(IDENTIFIER_PATTERN).test(name))
  .map((name) => `\`${name}\``)
  .join(', ')}.

### ${TEXTS}

Names, labels and hints are given in the four interface languages, none of them empty:
${code(JSON.stringify(Object.fromEntries(LANGUAGES.map((language) => [language, '...']))))}.
`;

/** The problems the checks report, as locales/en/config.json words them. */
function problemsSection(): string {
  const messages = JSON.parse(readFileSync(`${ROOT}locales/en/config.json`, 'utf8')) as Record<string, string>;
  return [
    '## Problems the checks report',
    "Besides the tables above, the checks apply rules across options: keys unique in their form and trackpoint lists, bounds in order (min not above max), formulas over fields of their form, child types that follow their parent, products and GS1 mappings that name activation fields of the right type, and forms that compile. Each problem has a key and a message (the admin area words it in the admin's language); `{{name}}` stands for a value of the problem.",
    [
      '| Problem | Message |',
      '| --- | --- |',
      ...Object.entries(messages).map(([key, message]) => `| ${code(key)} | ${cell(message)} |`),
    ].join('\n'),
  ].join('\n\n');
}

/** The reference as Markdown, formatted by Prettier with the repository's settings. */
export async function configReference(): Promise<string> {
  const fields = asSchema(CustomFieldSchema);
  const commonRows = rowsOf(branchOf(FIELD_TYPE_NAMES[0] ?? 'text')).filter((row) => COMMON.has(row.name));
  const overview = [
    '| Type | Name | What it holds | A value |',
    '| --- | --- | --- | --- |',
    ...FIELD_TYPE_NAMES.map((type) => {
      const branch = branchOf(type);
      const heading = `${String(branch.title)} (${code(type)})`;
      const firstSentence = String(branch.description).split(/(?<=\.)\s/)[0] ?? '';
      return `| ${link(code(type), heading)} | ${String(branch.title)} | ${cell(firstSentence)} | ${cell(json(FIELD_EXAMPLES[type].value))} |`;
    }),
  ].join('\n');
  const section = (schema: unknown) => {
    const { heading } = SECTIONS.get(schema) as { heading: string };
    return [`## ${heading}`, String(asSchema(schema).description), table(rowsOf(asSchema(schema)))].join('\n\n');
  };
  const markdown = [
    '<!-- Generated by `npm run docs:config` (scripts/config-reference.ts) from schemas/project-config.ts, schemas/custom-field.ts and schemas/config-examples.ts: edit those, not this file. -->',
    '# Project configuration reference',
    '> Generated by `npm run docs:config` from the configuration format (`schemas/project-config.ts`, `schemas/custom-field.ts`) and its examples (`schemas/config-examples.ts`). Do not edit this page: change the format and run the command again.',
    INTRODUCTION.trim(),
    '## A small whole configuration',
    'One barcode type from a warehouse to its delivery: an order number read from a barcode at activation, the destination asked at the warehouse, a photo at pickup, a signature and an e-mail at delivery.',
    jsonBlock(EXAMPLE_PROJECT),
    section(ProjectConfig),
    section(BarcodeType),
    section(TrackPoint),
    section(TrackPointForm),
    '## Fields',
    `${String(fields.description)} Fields are listed in a barcode type's \`activationFields\` and in a form's \`customFields\`. Every field has these properties:`,
    table(commonRows),
    'The field types:',
    overview,
    ...FIELD_TYPE_NAMES.map(fieldTypeSection),
    problemsSection(),
  ].join('\n\n');
  const options = await resolveConfig(`${ROOT}${CONFIG_REFERENCE_PATH}`);
  return format(markdown, { ...options, parser: 'markdown' });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = `${ROOT}${CONFIG_REFERENCE_PATH}`;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, await configReference());
  console.log(`wrote ${CONFIG_REFERENCE_PATH}`);
}
