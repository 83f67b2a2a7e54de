import {
  absDependencies,
  addDependencies,
  ceilDependencies,
  create,
  divideDependencies,
  floorDependencies,
  maxDependencies,
  minDependencies,
  modDependencies,
  multiplyDependencies,
  parseDependencies,
  powDependencies,
  roundDependencies,
  sqrtDependencies,
  subtractDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
  type FactoryFunctionMap,
  type MathNode,
} from 'mathjs/number';

/**
 * Calculation fields: a formula over other fields' values, evaluated in a restricted scope.
 * Only numbers, the field keys, + - * / ^ %, parentheses and the functions below are allowed:
 * no assignments, no function definitions, no property access, no matrices, no strings, nothing
 * from mathjs beyond arithmetic (mathjs's own security guidance).
 */
const math = create({
  parseDependencies,
  addDependencies,
  subtractDependencies,
  multiplyDependencies,
  divideDependencies,
  powDependencies,
  modDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
  roundDependencies,
  floorDependencies,
  ceilDependencies,
  absDependencies,
  minDependencies,
  maxDependencies,
  sqrtDependencies,
} as FactoryFunctionMap);

export const FORMULA_FUNCTIONS = ['round', 'floor', 'ceil', 'abs', 'min', 'max', 'sqrt'] as const;
const ALLOWED_OPERATORS = new Set(['add', 'subtract', 'multiply', 'divide', 'pow', 'mod', 'unaryMinus', 'unaryPlus']);
const ALLOWED_FUNCTIONS = new Set<string>(FORMULA_FUNCTIONS);
/** How many arguments each function takes, least and most: round, floor and ceil take decimals as a second. */
const ARGUMENTS: Record<(typeof FORMULA_FUNCTIONS)[number], [number, number]> = {
  round: [1, 2],
  floor: [1, 2],
  ceil: [1, 2],
  abs: [1, 1],
  sqrt: [1, 1],
  min: [1, Infinity],
  max: [1, Infinity],
};

function argumentsWanted([least, most]: [number, number]): string {
  if (most === Infinity) return `at least ${least}`;
  return least === most ? `${least}` : `${least} or ${most}`;
}

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
      if (typeof (node as unknown as { value: unknown }).value !== 'number')
        throw new FormulaError('only numbers are allowed as constants');
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
      if (!ALLOWED_FUNCTIONS.has(name))
        throw new FormulaError(`function '${name || '?'}' is not allowed (use ${FORMULA_FUNCTIONS.join(', ')})`);
      const [least, most] = ARGUMENTS[name as keyof typeof ARGUMENTS];
      if (fn.args.length < least || fn.args.length > most) {
        throw new FormulaError(
          `function '${name}' takes ${argumentsWanted([least, most])} argument${(most === Infinity ? least : most) === 1 ? '' : 's'}, not ${fn.args.length}`,
        );
      }
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
  const run = (scope: Record<string, number>): unknown => {
    try {
      // A Map scope: mathjs reads only the keys we give it, nothing from the object prototype.
      return compiled.evaluate(new Map(Object.entries(scope)));
    } catch (error) {
      throw new FormulaError((error as Error).message);
    }
  };
  // What fails whatever the values (decimals that are no whole number: `round(a, 1.5)`) is found
  // here, when the configuration is checked, not when a user submits the form; what fails only for
  // some values is a FormulaError then (ErrorCode.formulaIncorrect), never an error of the server.
  run(Object.fromEntries([...variables].map((name) => [name, 1])));
  return {
    variables: [...variables],
    evaluate: (scope) => {
      const result = run(scope);
      if (typeof result !== 'number' || !Number.isFinite(result))
        throw new FormulaError('the result is not a finite number');
      return result;
    },
  };
}
