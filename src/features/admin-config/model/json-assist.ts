import {
  findNodeAtLocation,
  getLocation,
  parse,
  parseTree,
  printParseErrorCode,
  type Node,
  type ParseError,
  type Segment,
} from 'jsonc-parser';

/**
 * What the configuration's JSON editor knows of the text it edits, without an editor: where a
 * JSON pointer is in the text (so the QA check's problems are shown at their line), the syntax
 * errors, and what may be typed at a position according to the configuration's JSON Schema (the
 * schema the server validates with). Pure, so it is tested without a browser.
 */

/** A JSON Schema, as TypeBox writes it: only what completion reads. */
export interface SchemaNode {
  type?: string | string[];
  description?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: SchemaNode | boolean;
  patternProperties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
}

/** A place in the text: offsets (from, to) and the 1-based line of `from`. */
export interface TextRange {
  from: number;
  to: number;
  line: number;
}

export interface SyntaxProblem extends TextRange {
  /** jsonc-parser's name of the error, e.g. "CommaExpected". */
  code: string;
}

/** The path a JSON pointer names: `/barcodeTypes/pallet/activationFields/0` -> ['barcodeTypes', 'pallet', 'activationFields', 0]. */
export function pointerPath(pointer: string): Segment[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));
}

const lineOf = (text: string, offset: number) => {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
};

/**
 * Where the value a pointer names is in the text: a property's key and value, an array item, or,
 * when the pointer names something absent (a required property missing), the nearest thing that
 * is there (its object). Null when the text is not JSON at all.
 */
export function rangeOfPointer(text: string, pointer: string): TextRange | null {
  const root = parseTree(text);
  if (!root) return null;
  const path = pointerPath(pointer);
  let node: Node | undefined;
  for (let length = path.length; length >= 0 && !node; length -= 1)
    node = findNodeAtLocation(root, path.slice(0, length));
  node ??= root;
  // A property's value: show from its key, so the admin sees which property is meant.
  const start = node.parent?.type === 'property' ? node.parent.offset : node.offset;
  // An object or array spans many lines: mark only its first line.
  const end =
    node.type === 'object' || node.type === 'array'
      ? Math.min(node.offset + 1, text.length)
      : node.offset + node.length;
  return { from: start, to: Math.max(end, start + 1), line: lineOf(text, start) };
}

/** The text's JSON syntax errors (no comments, no trailing commas), each with its place. */
export function syntaxProblems(text: string): SyntaxProblem[] {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  // One mistake can give several errors at one place (a trailing comma: no name, no value): say it once.
  const first = errors.filter((e, i) => errors.findIndex((o) => o.offset === e.offset) === i);
  return first.map((e) => ({
    code: printParseErrorCode(e.error),
    from: e.offset,
    to: Math.min(e.offset + Math.max(e.length, 1), Math.max(text.length, e.offset + 1)),
    line: lineOf(text, e.offset),
  }));
}

/** Every alternative a schema node stands for (anyOf / oneOf / allOf branches), flattened. */
function branches(schema: SchemaNode): SchemaNode[] {
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [schema, ...nested.flatMap(branches)];
}

/** The schema of a child (a property name or an array index) of a value with this schema: every alternative. */
function childSchemas(schema: SchemaNode, segment: Segment): SchemaNode[] {
  return branches(schema).flatMap((s) => {
    if (typeof segment === 'number') return s.items ? [s.items] : [];
    const named = s.properties?.[segment];
    if (named) return [named];
    const patterned = Object.entries(s.patternProperties ?? {})
      .filter(([pattern]) => new RegExp(pattern, 'u').test(segment))
      .map(([, node]) => node);
    if (patterned.length > 0) return patterned;
    return typeof s.additionalProperties === 'object' ? [s.additionalProperties] : [];
  });
}

/** The schemas (alternatives) of the value at a path. */
export function schemasAt(root: SchemaNode, path: readonly Segment[]): SchemaNode[] {
  let nodes = [root];
  for (const segment of path) nodes = nodes.flatMap((n) => childSchemas(n, segment));
  return nodes;
}

export interface Suggestion {
  /** What is inserted (a property name with its quotes and colon, or a JSON value). */
  insert: string;
  /** The JSON token suggested: a name in its quotes, or the value as JSON (what typing is matched against). */
  token: string;
  /** How it is shown: a name without its quotes, a value as JSON. */
  label: string;
  /** A property name (else a value). */
  property?: boolean;
  detail?: string;
  /** A property the schema requires. */
  required?: boolean;
}

const valueText = (value: unknown) => JSON.stringify(value);

/** The property names an object at this path may have, without those it already has. */
function propertySuggestions(
  root: SchemaNode,
  objectPath: readonly Segment[],
  present: ReadonlySet<string>,
): Suggestion[] {
  const seen = new Map<string, Suggestion>();
  for (const schema of schemasAt(root, objectPath).flatMap(branches)) {
    for (const [name, node] of Object.entries(schema.properties ?? {})) {
      if (present.has(name) || seen.has(name)) continue;
      seen.set(name, {
        insert: valueText(name),
        token: valueText(name),
        label: name,
        property: true,
        detail: node.description,
        required: schema.required?.includes(name),
      });
    }
  }
  return [...seen.values()].sort(
    (a, b) => Number(b.required ?? false) - Number(a.required ?? false) || a.label.localeCompare(b.label),
  );
}

/** The values the schema names for a value at this path: enumerations, constants and booleans. */
function valueSuggestions(root: SchemaNode, path: readonly Segment[]): Suggestion[] {
  const values = new Map<string, Suggestion>();
  for (const schema of schemasAt(root, path).flatMap(branches)) {
    const named = [...(schema.enum ?? []), ...('const' in schema ? [schema.const] : [])];
    if (schema.type === 'boolean') named.push(true, false);
    for (const value of named)
      values.set(valueText(value), {
        insert: valueText(value),
        token: valueText(value),
        label: valueText(value),
        detail: schema.description,
      });
  }
  return [...values.values()];
}

/** The names of the properties the object at `path` already has. */
function presentKeys(text: string, path: readonly Segment[]): Set<string> {
  const root = parseTree(text);
  const object = root && findNodeAtLocation(root, [...path]);
  const names = (object?.children ?? [])
    .filter((c) => c.type === 'property')
    .map((c) => c.children?.[0]?.value as string);
  return new Set(names);
}

/**
 * What may be typed at an offset: property names when the cursor is where a property's name goes
 * (inserted with `": "` unless a colon follows already), else the values the schema allows there.
 * `replaceFrom` / `replaceTo` span the string or word being completed (with its quotes).
 */
export function suggestionsAt(
  text: string,
  offset: number,
  schema: SchemaNode,
): { replaceFrom: number; replaceTo: number; options: Suggestion[] } {
  const location = getLocation(text, offset);
  const previous = location.previousNode;
  const inToken =
    previous !== undefined &&
    offset <= previous.offset + previous.length &&
    ['string', 'property', 'number', 'boolean', 'null'].includes(previous.type);
  const replaceFrom = inToken ? previous.offset : offset;
  const replaceTo = inToken ? previous.offset + previous.length : offset;
  if (location.isAtPropertyKey) {
    const objectPath = location.path.slice(0, -1);
    const colonFollows = /^\s*:/.test(text.slice(replaceTo));
    const options = propertySuggestions(schema, objectPath, presentKeys(text, objectPath)).map((o) => ({
      ...o,
      insert: colonFollows ? o.insert : `${o.insert}: `,
    }));
    return { replaceFrom, replaceTo, options };
  }
  return { replaceFrom, replaceTo, options: valueSuggestions(schema, location.path) };
}
