import {
  absDependencies, addDependencies, ceilDependencies, create, divideDependencies, floorDependencies, maxDependencies,
  minDependencies, modDependencies, multiplyDependencies, parseDependencies, powDependencies, roundDependencies,
  sqrtDependencies, subtractDependencies, unaryMinusDependencies, unaryPlusDependencies, type FactoryFunctionMap, type MathNode,
} from 'mathjs/number';

/**
 * Calculation fields (spec section 3): a formula over other fields' values, evaluated in a
 * restricted scope. Only numbers, the field keys, + - * / ^ %, parentheses and the functions
 * below are allowed: no assignments, no function definitions, no property access, no matrices,
 * no strings, nothing from mathjs beyond arithmetic (mathjs's own security guidance).
 */
const math = create({
  parseDependencies, addDependencies, subtractDependencies, multiplyDependencies, divideDependencies, powDependencies,
  modDependencies, unaryMinusDependencies, unaryPlusDependencies, roundDependencies, floorDependencies, ceilDependencies,
  absDependencies, minDependencies, maxDependencies, sqrtDependencies,
} as FactoryFunctionMap);

export const FORMULA_FUNCTIONS = ['round', 'floor', 'ceil', 'abs', 'min', 'max', 'sqrt'] as const;
const ALLOWED_OPERATORS = new Set(['add', 'subtract', 'multiply', 'divide', 'pow', 'mod', 'unaryMinus', 'unaryPlus']);
const ALLOWED_FUNCTIONS = new Set<string>(FORMULA_FUNCTIONS);

export class FormulaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormulaError';
  }
}

export interface ParsedFormula {
  /** Field keys the formula reads. */
  variables: string[];
  evaluate(scope: Record<string, number>): number;
}

function check(node: MathNode, variables: Set<string>): void {
  switch (node.type) {
    case 'ConstantNode':
      if (typeof (node as unknown as { value: unknown }).value !== 'number') throw new FormulaError('only numbers are allowed as constants');
      return;
    case 'SymbolNode':
      variables.add((node as unknown as { name: string }).name);
      return;
    case 'ParenthesisNode':
      check((node as unknown as { content: MathNode }).content, variables);
      return;
    case 'OperatorNode': {
      const op = node as unknown as { fn: string; args: MathNode[] };
      if (!ALLOWED_OPERATORS.has(op.fn)) throw new FormulaError(`operator '${op.fn}' is not allowed`);
      op.args.forEach((arg) => check(arg, variables));
      return;
    }
    case 'FunctionNode': {
      const fn = node as unknown as { fn: MathNode; args: MathNode[] };
      const name = fn.fn.type === 'SymbolNode' ? (fn.fn as unknown as { name: string }).name : '';
      if (!ALLOWED_FUNCTIONS.has(name)) throw new FormulaError(`function '${name || '?'}' is not allowed (use ${FORMULA_FUNCTIONS.join(', ')})`);
      fn.args.forEach((arg) => check(arg, variables));
      return;
    }
    default:
      throw new FormulaError(`'${node.toString()}' is not allowed in a formula`);
  }
}

/** Parses and checks a formula once; throws FormulaError when it is not allowed or malformed. */
export function parseFormula(formula: string): ParsedFormula {
  let root: MathNode;
  try {
    root = math.parse(formula);
  } catch (error) {
    throw new FormulaError((error as Error).message);
  }
  const variables = new Set<string>();
  check(root, variables);
  const compiled = root.compile();
  return {
    variables: [...variables],
    evaluate: (scope) => {
      // A Map scope: mathjs reads only the keys we give it, nothing from the object prototype.
      const result: unknown = compiled.evaluate(new Map(Object.entries(scope)));
      if (typeof result !== 'number' || !Number.isFinite(result)) throw new FormulaError('the result is not a finite number');
      return result;
    },
  };
}
