import type { CustomField } from '@schemas/custom-field';
import { FormulaError, parseFormula } from './formula';
import { LogicError, parseRule, RULE_PROPERTIES, typeOf, type FieldFacts } from './logic';
import { problem, type ConfigProblem } from './problems';

/** The fields of a form as the rules' type check sees them. */
export function factsOf(fields: readonly CustomField[]): FieldFacts {
  return new Map(fields.map((f) => [f.key, { type: f.type, options: 'options' in f ? f.options : undefined }]));
}

/** The keys a calculation's formula reads, or none when it does not parse (its own check says so). */
function formulaKeys(formula: string): readonly string[] {
  try {
    return parseFormula(formula).variables;
  } catch (error) {
    // Stryker disable next-line ConditionalExpression: equivalent; parseFormula throws only FormulaError
    if (!(error instanceof FormulaError)) throw error;
    // Stryker disable next-line ArrayDeclaration: equivalent; a key that is no field of the form adds no edge (logicCycles)
    return [];
  }
}

/**
 * The fields whose relevance or value depends on each other in a circle (a field shown only when
 * another is, which is shown only when the first is; a calculation over a field shown only by its
 * result): each circle once, as the keys in order with the first again at the end.
 */
export function logicCycles(fields: readonly CustomField[]): string[][] {
  const edges = new Map<string, string[]>();
  for (const field of fields) {
    // Stryker disable next-line ArrayDeclaration: equivalent; a key that is no field of the form adds no edge
    const reads: string[] = [];
    if (field.relevant !== undefined) {
      try {
        reads.push(...parseRule(field.relevant).keys);
      } catch {
        // A rule that does not parse is reported as such; it adds no edge.
      }
    }
    // A formula over its own field is reported as such (formulaSelf), not as a circle too.
    if (field.type === 'calculation') reads.push(...formulaKeys(field.formula).filter((key) => key !== field.key));
    edges.set(field.key, reads);
  }
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  // Stryker disable next-line ArrayDeclaration: equivalent; a circle is sliced from its own first key, after anything before
  const path: string[] = [];
  const visit = (key: string) => {
    state.set(key, 'open');
    path.push(key);
    for (const next of edges.get(key) ?? []) {
      // Stryker disable next-line ConditionalExpression: equivalent; a key that is no field has no edges, so visiting it finds no circle
      if (!edges.has(next)) continue;
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(key, 'done');
  };
  for (const key of edges.keys()) if (!state.has(key)) visit(key);
  return cycles;
}

/**
 * The form-logic checks of one form, at import and publish: every rule parses, is within its
 * limits, names only fields of this form whose values a rule can read, compares like with like,
 * names only options a select has, and gives true or false; a constraint has its message; no
 * circle among relevance and calculations. `pointer` is the form's field list.
 */
export function checkFormLogic(fields: readonly CustomField[], pointer: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const facts = factsOf(fields);
  fields.forEach((field, i) => {
    const at = `${pointer}/${i}`;
    for (const property of RULE_PROPERTIES) {
      const expression = field[property];
      if (expression === undefined) continue;
      try {
        const parsed = parseRule(expression);
        const type = typeOf(parsed.root, facts, property === 'constraint' ? field.key : null, expression);
        if (type !== 'boolean')
          throw new LogicError('logicWants', { expression, found: type, wanted: 'boolean', position: 1 });
      } catch (error) {
        // Stryker disable next-line ConditionalExpression: equivalent; parseRule and typeOf throw only LogicError
        if (!(error instanceof LogicError)) throw error;
        problems.push(problem(`${at}/${property}`, error.key, error.values));
      }
    }
    if (field.constraint !== undefined && field.constraintMessage === undefined)
      problems.push(problem(`${at}/constraint`, 'constraintWithoutMessage'));
    if (field.constraint === undefined && field.constraintMessage !== undefined)
      problems.push(problem(`${at}/constraintMessage`, 'constraintMessageAlone'));
  });
  for (const cycle of logicCycles(fields)) {
    const first = fields.findIndex((f) => f.key === cycle[0]);
    const field = fields[first] as CustomField;
    const property = field.relevant !== undefined ? 'relevant' : 'formula';
    problems.push(problem(`${pointer}/${first}/${property}`, 'logicCycle', { keys: cycle.join(' -> ') }));
  }
  return problems;
}
