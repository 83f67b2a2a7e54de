import { create, parseDependencies, type FactoryFunctionMap, type MathNode } from 'mathjs/number';
import type { CustomField, CustomFieldType } from '@schemas/custom-field';
import { ownValue } from '@schemas/own-keys';
import { roundTo } from './numbers';

/**
 * Form logic: the expressions of a field's `relevant`, `requiredIf`, `readOnlyIf` and
 * `constraint`, read with the parser calculations use (mathjs) and evaluated here, by our own
 * small interpreter over a checked tree: mathjs evaluates nothing, so no configuration runs code.
 * The phone, the server, the QA command and the playground all call evaluateRules, so they give
 * the same verdict for the same values (docs/admins/form-logic.md).
 */
const math = create({ parseDependencies } as FactoryFunctionMap);

/** The longest expression and the deepest nesting a rule may have: bounded parsing and evaluation. */
export const LOGIC_LIMITS = { length: 500, depth: 32 } as const;

/** The rule properties of a field, in the order they are checked. */
export const RULE_PROPERTIES = ['relevant', 'requiredIf', 'readOnlyIf', 'constraint'] as const;
export type RuleProperty = (typeof RULE_PROPERTIES)[number];

/** What a value is to a rule: a field's value, a constant, or what an operator gives. */
export type ValueType = 'number' | 'text' | 'boolean' | 'list';
export type LogicValue = number | string | boolean | readonly string[] | null;

/** The value type each field type gives a rule; absent: a rule cannot read it (files, locations...). */
const FIELD_VALUE_TYPES: Partial<Record<CustomFieldType, ValueType>> = {
  number: 'number',
  calculation: 'number',
  weightMeasurement: 'number',
  text: 'text',
  phoneNumber: 'text',
  email: 'text',
  date: 'text',
  reference: 'text',
  singleSelect: 'text',
  multiSelect: 'list',
};

export const valueTypeOf = (type: CustomFieldType): ValueType | undefined => ownValue(FIELD_VALUE_TYPES, type);

/** Why an expression is refused: a problem key of locales/<lang>/config.json and its values. */
export type LogicErrorKey =
  | 'logicTooLong'
  | 'logicTooDeep'
  | 'logicSyntax'
  | 'logicNotAllowed'
  | 'logicArguments'
  | 'logicSelf'
  | 'logicUnknown'
  | 'logicFieldType'
  | 'logicCompare'
  | 'logicWants'
  | 'logicOption';

export class LogicError extends Error {
  constructor(
    readonly key: LogicErrorKey,
    readonly values: Record<string, string | number>,
  ) {
    super(`${key} ${JSON.stringify(values)}`);
    this.name = 'LogicError';
  }
}

type Operator =
  'and' | 'or' | 'not' | '==' | '!=' | '<' | '>' | '<=' | '>=' | '+' | '-' | '*' | '/' | '^' | '%' | 'negate';

const OPERATORS: Record<string, Operator> = {
  and: 'and',
  or: 'or',
  not: 'not',
  equal: '==',
  unequal: '!=',
  smaller: '<',
  larger: '>',
  smallerEq: '<=',
  largerEq: '>=',
  add: '+',
  subtract: '-',
  multiply: '*',
  divide: '/',
  pow: '^',
  mod: '%',
  unaryMinus: 'negate',
};

/** The functions a rule may call, with their least and most arguments. */
export const LOGIC_FUNCTIONS: Record<string, [number, number]> = {
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
};

/** A checked expression tree; `at` is the 1-based position in the expression of the node's first character. */
export type LogicNode =
  | { kind: 'constant'; value: number | string | boolean; at: number }
  | { kind: 'field'; key: string; at: number }
  | { kind: 'self'; at: number }
  | { kind: 'operator'; op: Operator; args: LogicNode[]; at: number }
  | { kind: 'call'; name: string; args: LogicNode[]; at: number };

export interface ParsedRule {
  expression: string;
  root: LogicNode;
  /** The field keys it reads, each once, in the order it first names them. */
  keys: string[];
  /** It reads `.`, the value of its own field. */
  usesSelf: boolean;
}

/** Words mathjs reads as operators or constants, never as names. */
const WORDS = new Set(['and', 'or', 'not', 'xor', 'mod', 'to', 'in', 'true', 'false', 'null', 'undefined']);
const OPERATOR_CHARACTERS = new Set([...'+-*/^%()<>=!,?:']);
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isNameStart = (c: string | undefined) => c !== undefined && /[A-Za-z_]/.test(c);
const isNamePart = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);

/** The mathjs name `.` (the field's own value) is given, so that it cannot be a field key. */
const SELF = '$';

/**
 * Reads the expression's characters once before mathjs does: what rules never use (brackets,
 * `;`, property access, `$`) is refused at its position; `.` alone (not in a number) becomes the
 * name SELF; and the position of every name, number and text is noted, in order, for the tree.
 */
function scan(expression: string): { source: string; leaves: number[] } {
  let source = '';
  const leaves: number[] = [];
  let depth = 0;
  let i = 0;
  const refuse = (what: string, at: number) => {
    throw new LogicError('logicNotAllowed', { expression, what, position: at + 1 });
  };
  while (i < expression.length) {
    const c = expression[i] as string;
    const start = i;
    if (c === "'" || c === '"') {
      const end = expression.indexOf(c, i + 1);
      if (end < 0) throw new LogicError('logicSyntax', { expression, position: i + 1 });
      const text = expression.slice(i + 1, end);
      if (text.includes('\\')) refuse('\\', i + 1 + text.indexOf('\\'));
      leaves.push(start + 1);
      i = end + 1;
    } else if (isDigit(c) || (c === '.' && isDigit(expression[i + 1]))) {
      while (isDigit(expression[i])) i += 1;
      if (expression[i] === '.') i += 1;
      while (isDigit(expression[i])) i += 1;
      if ((expression[i] === 'e' || expression[i] === 'E') && /^[eE][+-]?\d/.test(expression.slice(i, i + 3))) {
        i += 2;
        while (isDigit(expression[i])) i += 1;
      }
      if (isNamePart(expression[i]) || expression[i] === '.') refuse(expression[i] as string, i);
      leaves.push(start + 1);
    } else if (isNameStart(c)) {
      while (isNamePart(expression[i])) i += 1;
      if (expression[i] === '.') refuse('.', i);
      const word = expression.slice(start, i);
      if (!WORDS.has(word) || word === 'true' || word === 'false') leaves.push(start + 1);
      if (word === 'null' || word === 'undefined') refuse(word, start);
    } else if (c === '.') {
      leaves.push(start + 1);
      source += SELF;
      i += 1;
      continue;
    } else if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      // Any white space is a space to mathjs, which would read a line break as a second statement.
      source += ' ';
      i += 1;
      continue;
    } else if (OPERATOR_CHARACTERS.has(c)) {
      // Stryker disable all: equivalent; the tree's own depth check (convert) counts each bracket
      // again, so this early refusal only spares mathjs a deep parse.
      if (c === '(') depth += 1;
      if (c === ')') depth -= 1;
      if (depth > LOGIC_LIMITS.depth) throw new LogicError('logicTooDeep', { expression, limit: LOGIC_LIMITS.depth });
      // Stryker restore all
      i += 1;
    } else {
      refuse(c, i);
    }
    source += expression.slice(start, i);
  }
  return { source, leaves };
}

/** The mathjs tree as our own, checked node by node; names and constants take their positions in order. */
function convert(node: MathNode, leaves: number[], expression: string, depth: number): LogicNode {
  if (depth > LOGIC_LIMITS.depth) throw new LogicError('logicTooDeep', { expression, limit: LOGIC_LIMITS.depth });
  const firstAt = () => leaves[0] ?? 1;
  const any = node as unknown as Record<string, unknown>;
  switch (node.type) {
    case 'ConstantNode': {
      const at = leaves.shift() ?? 1;
      const value = any.value as number | string | boolean;
      return { kind: 'constant', value, at };
    }
    case 'SymbolNode': {
      const at = leaves.shift() ?? 1;
      const name = any.name as string;
      return name === SELF ? { kind: 'self', at } : { kind: 'field', key: name, at };
    }
    case 'ParenthesisNode':
      return convert(any.content as MathNode, leaves, expression, depth + 1);
    case 'OperatorNode': {
      const at = firstAt();
      const op = ownValue(OPERATORS, any.fn as string);
      if (!op) throw new LogicError('logicNotAllowed', { expression, what: any.op as string, position: at });
      const args = (any.args as MathNode[]).map((arg) => convert(arg, leaves, expression, depth + 1));
      return { kind: 'operator', op, args, at };
    }
    case 'FunctionNode': {
      const at = leaves.shift() ?? 1;
      const fn = any.fn as MathNode;
      const name = fn.type === 'SymbolNode' ? ((fn as unknown as { name: string }).name as string) : '?';
      const wanted = ownValue(LOGIC_FUNCTIONS, name);
      if (!wanted) throw new LogicError('logicNotAllowed', { expression, what: name, position: at });
      const given = (any.args as MathNode[]).length;
      if (given < wanted[0] || given > wanted[1]) {
        const count = wanted[0] === wanted[1] ? `${wanted[0]}` : `${wanted[0]}-${wanted[1]}`;
        throw new LogicError('logicArguments', { expression, name, position: at, count: given, wanted: count });
      }
      const args = (any.args as MathNode[]).map((arg) => convert(arg, leaves, expression, depth + 1));
      return { kind: 'call', name, args, at };
    }
    default:
      throw new LogicError('logicNotAllowed', { expression, what: NODE_NAMES[node.type] ?? '=', position: firstAt() });
  }
}

/** What a refused kind of mathjs node is called to an admin; others are assignments (`=`). */
const NODE_NAMES: Record<string, string> = { ConditionalNode: '?', RelationalNode: 'a < b < c' };

/** The keys a tree reads, each once, in order (the select of selected() too). */
function keysOf(node: LogicNode, into: string[]): string[] {
  if (node.kind === 'field' && !into.includes(node.key)) into.push(node.key);
  if (node.kind === 'operator' || node.kind === 'call') node.args.forEach((arg) => keysOf(arg, into));
  return into;
}

function readsSelf(node: LogicNode): boolean {
  if (node.kind === 'self') return true;
  return (node.kind === 'operator' || node.kind === 'call') && node.args.some(readsSelf);
}

/**
 * Parses an expression into a checked tree, or throws LogicError: too long, too deeply nested,
 * not readable (with its position), or using what rules do not allow.
 */
export function parseRule(expression: string): ParsedRule {
  if (expression.length > LOGIC_LIMITS.length)
    throw new LogicError('logicTooLong', { expression: `${expression.slice(0, 40)}…`, limit: LOGIC_LIMITS.length });
  const { source, leaves } = scan(expression);
  if (source.trim() === '') throw new LogicError('logicSyntax', { expression, position: 1 });
  let tree: MathNode;
  try {
    tree = math.parse(source);
  } catch (error) {
    const char = (error as { char?: unknown }).char;
    throw new LogicError('logicSyntax', {
      expression,
      position: typeof char === 'number' ? Math.min(char + 1, expression.length) : 1,
    });
  }
  const root = convert(tree, leaves, expression, 0);
  return { expression, root, keys: keysOf(root, []), usesSelf: readsSelf(root) };
}

/** The fields of a form as the checks and the evaluator see them: types and options by key. */
export type FieldFacts = ReadonlyMap<string, Pick<CustomField, 'type'> & { options?: { value: string }[] }>;

/**
 * The value type of a tree, or throws LogicError where types cannot agree (a number compared
 * with a select's value, `and` over a number), a name is no field of the form, or a select's
 * value in the expression is none of its options.
 */
export function typeOf(node: LogicNode, fields: FieldFacts, self: string | null, expression: string): ValueType {
  const wants = (arg: LogicNode, wanted: ValueType) => {
    const found = typeOf(arg, fields, self, expression);
    if (found !== wanted) throw new LogicError('logicWants', { expression, found, wanted, position: arg.at });
  };
  switch (node.kind) {
    case 'constant':
      return typeof node.value === 'number' ? 'number' : typeof node.value === 'string' ? 'text' : 'boolean';
    case 'self':
      if (self === null) throw new LogicError('logicSelf', { expression, position: node.at });
      return typeOf({ kind: 'field', key: self, at: node.at }, fields, self, expression);
    case 'field': {
      const field = fields.get(node.key);
      if (!field) throw new LogicError('logicUnknown', { expression, name: node.key, position: node.at });
      const type = valueTypeOf(field.type);
      if (!type)
        throw new LogicError('logicFieldType', { expression, name: node.key, type: field.type, position: node.at });
      return type;
    }
    case 'operator':
      return operatorType(node, fields, self, expression, wants);
    case 'call':
      return callType(node, fields, self, expression, wants);
  }
}

type Wants = (arg: LogicNode, wanted: ValueType) => void;

/** The select field a node names (itself or `.`), if it names one. */
function selectOf(node: LogicNode, fields: FieldFacts, self: string | null) {
  const key = node.kind === 'field' ? node.key : node.kind === 'self' ? self : null;
  const field = key === null ? undefined : fields.get(key);
  return field?.options ? { key: key as string, options: field.options } : undefined;
}

/** A text constant compared with a select must be one of its options. */
function checkOption(select: LogicNode, value: LogicNode, fields: FieldFacts, self: string | null, expression: string) {
  const field = selectOf(select, fields, self);
  if (!field || value.kind !== 'constant' || typeof value.value !== 'string' || value.value === '') return;
  if (!field.options.some((o) => o.value === value.value))
    throw new LogicError('logicOption', { expression, value: value.value, name: field.key, position: value.at });
}

function operatorType(
  node: Extract<LogicNode, { kind: 'operator' }>,
  fields: FieldFacts,
  self: string | null,
  expression: string,
  wants: Wants,
): ValueType {
  const [a, b] = node.args as [LogicNode, LogicNode];
  switch (node.op) {
    case 'and':
    case 'or':
    case 'not':
      node.args.forEach((arg) => wants(arg, 'boolean'));
      return 'boolean';
    case '==':
    case '!=':
    case '<':
    case '>':
    case '<=':
    case '>=': {
      const left = typeOf(a, fields, self, expression);
      const right = typeOf(b, fields, self, expression);
      const ordered = node.op !== '==' && node.op !== '!=';
      if (left !== right || left === 'list' || (ordered && left === 'boolean'))
        throw new LogicError('logicCompare', { expression, left, right, position: node.at });
      checkOption(a, b, fields, self, expression);
      checkOption(b, a, fields, self, expression);
      return 'boolean';
    }
    default:
      node.args.forEach((arg) => wants(arg, 'number'));
      return 'number';
  }
}

function callType(
  node: Extract<LogicNode, { kind: 'call' }>,
  fields: FieldFacts,
  self: string | null,
  expression: string,
  wants: Wants,
): ValueType {
  switch (node.name) {
    case 'if': {
      const [condition, then, otherwise] = node.args as [LogicNode, LogicNode, LogicNode];
      wants(condition, 'boolean');
      const type = typeOf(then, fields, self, expression);
      wants(otherwise, type);
      return type;
    }
    case 'selected': {
      const [select, value] = node.args as [LogicNode, LogicNode];
      if (!selectOf(select, fields, self)) {
        const found = typeOf(select, fields, self, expression);
        throw new LogicError('logicWants', { expression, found, wanted: 'list', position: select.at });
      }
      if (value.kind !== 'constant' || typeof value.value !== 'string')
        throw new LogicError('logicWants', {
          expression,
          found: typeOf(value, fields, self, expression),
          wanted: 'text',
          position: value.at,
        });
      checkOption(select, value, fields, self, expression);
      return 'boolean';
    }
    case 'today':
      return 'text';
    default:
      node.args.forEach((arg) => wants(arg, 'number'));
      return 'number';
  }
}

/** A value as a rule reads it: empty (undefined, '', an empty list) is null; other shapes are null too. */
export function ruleValue(value: unknown): LogicValue {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) {
    const texts = value.filter((v): v is string => typeof v === 'string');
    return texts.length === 0 ? null : texts;
  }
  return null;
}

/** What an evaluation reads: the form's values, the field a constraint is about, and today's date. */
export interface LogicScope {
  values: Record<string, unknown>;
  self?: string;
  /** YYYY-MM-DD: the phone's day on the phone, the server's (UTC) on the server. */
  today: string;
}

const num = (v: LogicValue): v is number => typeof v === 'number';
const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

function compare(op: Operator, a: LogicValue, b: LogicValue): boolean {
  if (op === '==') return a === b;
  if (op === '!=') return a !== b;
  if (typeof a !== typeof b || (typeof a !== 'number' && typeof a !== 'string')) return false;
  const [x, y] = [a as number | string, b as number | string];
  if (op === '<') return x < y;
  if (op === '>') return x > y;
  if (op === '<=') return x <= y;
  return x >= y;
}

function arithmetic(op: Operator, a: LogicValue, b: LogicValue): LogicValue {
  if (!num(a) || !num(b)) return null;
  switch (op) {
    case '+':
      return finite(a + b);
    case '-':
      return finite(a - b);
    case '*':
      return finite(a * b);
    case '/':
      // Stryker disable next-line ConditionalExpression: equivalent; a division by 0 is not finite, which finite() makes null
      return b === 0 ? null : finite(a / b);
    case '^':
      return finite(a ** b);
    default:
      // Floored, as mathjs's mod in calculations: -1 % 3 is 2.
      // Stryker disable next-line ConditionalExpression: equivalent; as for '/', the result is not finite
      return b === 0 ? null : finite(a - b * Math.floor(a / b));
  }
}

/** Rounds to whole `decimals` (0 to 10); anything else gives no value. */
function rounded(mode: 'round' | 'floor' | 'ceil', x: LogicValue, decimals: LogicValue): LogicValue {
  if (!num(x) || !num(decimals) || !Number.isInteger(decimals) || decimals < 0 || decimals > 10) return null;
  return roundTo(x, decimals, mode);
}

function call(name: string, args: LogicValue[], scope: LogicScope): LogicValue {
  switch (name) {
    case 'today':
      return scope.today;
    case 'selected': {
      const [value, option] = args;
      return Array.isArray(value) ? value.includes(option as string) : value === option;
    }
    case 'round':
    case 'floor':
    case 'ceil':
      return rounded(name, args[0] as LogicValue, args.length > 1 ? (args[1] as LogicValue) : 0);
    case 'abs':
      return num(args[0] as LogicValue) ? Math.abs(args[0] as number) : null;
    case 'sqrt':
      return num(args[0] as LogicValue) && (args[0] as number) >= 0 ? Math.sqrt(args[0] as number) : null;
    default:
      // min and max
      return args.every(num) ? (name === 'min' ? Math.min(...args) : Math.max(...args)) : null;
  }
}

/** Evaluates a checked tree. Never throws: what has no value (an empty field, 1 / 0) is null and compares false. */
export function evaluate(node: LogicNode, scope: LogicScope): LogicValue {
  switch (node.kind) {
    case 'constant':
      return node.value === '' ? null : node.value;
    case 'field':
      return ruleValue(ownValue(scope.values, node.key));
    case 'self':
      return scope.self === undefined ? null : ruleValue(ownValue(scope.values, scope.self));
    case 'operator': {
      if (node.op === 'and') return node.args.every((arg) => evaluate(arg, scope) === true);
      if (node.op === 'or') return node.args.some((arg) => evaluate(arg, scope) === true);
      if (node.op === 'not') return evaluate(node.args[0] as LogicNode, scope) !== true;
      const [a, b] = node.args.map((arg) => evaluate(arg, scope)) as [LogicValue, LogicValue];
      if (node.op === 'negate') return num(a) ? -a : null;
      if (['==', '!=', '<', '>', '<=', '>='].includes(node.op)) return compare(node.op, a, b);
      return arithmetic(node.op, a, b);
    }
    case 'call':
      if (node.name === 'if') {
        const [condition, then, otherwise] = node.args as [LogicNode, LogicNode, LogicNode];
        return evaluate(evaluate(condition, scope) === true ? then : otherwise, scope);
      }
      return call(
        node.name,
        node.args.map((arg) => evaluate(arg, scope)),
        scope,
      );
  }
}
