import type { CustomField } from '@schemas/custom-field';
import type { LocalizedText } from '@schemas/common';
import { evaluate, LogicError, parseRule, RULE_PROPERTIES, type ParsedRule, type RuleProperty } from './logic';

/** One field's rules, parsed once per form. */
export interface FieldRules {
  key: string;
  /** `required: true` on a field that has `relevant`: required while it is shown (the schema cannot say so). */
  requiredWhileShown: boolean;
  rules: Partial<Record<RuleProperty, ParsedRule>>;
  constraintMessage?: LocalizedText;
}

/** A form's rules, fields in the order their relevance is decided (a field after those its `relevant` reads). */
export interface FormRules {
  fields: FieldRules[];
}

/** A rule that does not parse (a configuration that skipped its check) is left out: a form is never broken by it. */
function parsedOrNone(expression: string | undefined): ParsedRule | undefined {
  if (expression === undefined) return undefined;
  try {
    return parseRule(expression);
  } catch (error) {
    // Stryker disable next-line ConditionalExpression: equivalent; parseRule throws only LogicError (mathjs's own errors are caught inside)
    if (!(error instanceof LogicError)) throw error;
    return undefined;
  }
}

/** The fields in an order where each comes after the fields its `relevant` reads (a cycle is cut where found). */
function relevanceOrder(fields: FieldRules[]): FieldRules[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const done = new Set<string>();
  const order: FieldRules[] = [];
  const visit = (field: FieldRules) => {
    if (done.has(field.key)) return;
    done.add(field.key);
    for (const key of field.rules.relevant?.keys ?? []) {
      const before = byKey.get(key);
      if (before) visit(before);
    }
    order.push(field);
  };
  fields.forEach(visit);
  return order;
}

/** Parses every rule of a form's fields once: what evaluateRules reads on each change. */
export function buildFormRules(fields: readonly CustomField[]): FormRules {
  const withRules: FieldRules[] = [];
  for (const field of fields) {
    const rules: FieldRules['rules'] = {};
    for (const property of RULE_PROPERTIES) {
      const parsed = parsedOrNone(field[property]);
      if (parsed) rules[property] = parsed;
    }
    if (Object.keys(rules).length === 0) continue;
    withRules.push({
      key: field.key,
      requiredWhileShown: field.required === true && field.type !== 'calculation' && rules.relevant !== undefined,
      rules,
      constraintMessage: field.constraintMessage,
    });
  }
  return { fields: relevanceOrder(withRules) };
}

const memo = new WeakMap<readonly CustomField[], FormRules>();
/** buildFormRules, once per field list (a compiled form keeps its list). */
export function rulesOf(fields: readonly CustomField[]): FormRules {
  let rules = memo.get(fields);
  // Stryker disable next-line ConditionalExpression,BlockStatement: equivalent; building again on a hit only skips the cache, the rules are the same
  if (!rules) {
    rules = buildFormRules(fields);
    memo.set(fields, rules);
  }
  return rules;
}

/** A value that counts as not given: nothing, blank text, an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/** What the rules say of a form's values now. */
export interface RulesVerdict {
  /** Fields not relevant now: not shown, their values not kept nor accepted. */
  hidden: string[];
  /** Fields required now by a rule (requiredIf, or required while shown). */
  required: string[];
  readOnly: string[];
  /** Shown fields required now and empty. */
  missing: string[];
  /** Shown fields whose value fails their constraint, with the message for it. */
  failed: { key: string; message: LocalizedText | undefined }[];
  /** The values without those of hidden fields. */
  values: Record<string, unknown>;
}

/**
 * Evaluates every rule of a form in one pass over its values: relevance first, in dependency
 * order, each hidden field's value taken away before the fields after it are decided; then what
 * is required, read-only and failing its constraint among the shown fields. `today` is YYYY-MM-DD:
 * the phone's own date unless given (the server gives its UTC date).
 */
export function evaluateRules(
  rules: FormRules,
  input: Record<string, unknown>,
  today: string = localToday(),
): RulesVerdict {
  const values: Record<string, unknown> = { ...input };
  const verdict: RulesVerdict = { hidden: [], required: [], readOnly: [], missing: [], failed: [], values };
  const holds = (rule: ParsedRule | undefined, self?: string) =>
    rule !== undefined && evaluate(rule.root, { values, self, today }) === true;
  for (const field of rules.fields) {
    const { relevant } = field.rules;
    if (relevant && !holds(relevant)) {
      verdict.hidden.push(field.key);
      delete values[field.key];
    }
  }
  const hidden = new Set(verdict.hidden);
  for (const field of rules.fields) {
    if (hidden.has(field.key)) continue;
    const { requiredIf, readOnlyIf, constraint } = field.rules;
    const value = values[field.key];
    if (field.requiredWhileShown || holds(requiredIf)) {
      verdict.required.push(field.key);
      if (isEmptyValue(value)) verdict.missing.push(field.key);
    }
    if (holds(readOnlyIf)) verdict.readOnly.push(field.key);
    if (constraint && !isEmptyValue(value) && !holds(constraint, field.key))
      verdict.failed.push({ key: field.key, message: field.constraintMessage });
  }
  return verdict;
}

/** Today's date as YYYY-MM-DD in the local time of the machine (the phone's day on the phone). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
