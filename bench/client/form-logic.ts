/**
 * `npm run bench:form-logic`: form logic's cost on a form of 200 fields with 100 rules (relevant,
 * requiredIf and constraint, each over earlier fields), beside the same form without rules, in
 * one run. Prints three figures against their goals:
 * - one keystroke on the phone: what useFormRules does per change (the renderer's verdict on the
 *   values, the uiSchema when what is shown changed, the constraint messages), p50 and p95;
 * - the server: the rules' evaluation of one submitted answer, and validateFormData of it with the
 *   rules minus the same without them (what the rules add to a request), p50 and p95;
 * - the configuration check of the rules of a project with 1,000 of them (checkFormLogic over ten
 *   such forms, as import and publish run it), median and p95.
 * Each is printed met or missed, as the other goals are (a shared machine's noise must not stop the
 * benches after it).
 */
import { readFileSync } from 'node:fs';
import type { CustomField } from '../../schemas/custom-field';
import type { ProjectConfig } from '../../schemas/project-config';
import { compileForm, formSourceOfFields, type CompiledForm } from '../../renderer';
import { evaluateRules, rulesOf } from '@renderer/calculations';
import { checkFormLogic, checkProjectConfig } from '@renderer/config-check';
import { validateFormData } from '@renderer/validate';

const FIELDS = 200;
const RULES = 100;
/** The goals, in milliseconds. */
export const FORM_LOGIC_GOALS = { keystrokeP95: 2, serverAddedP95: 1, check1000RulesMedian: 200 } as const;

const L = (en: string) => ({ en, ja: en, 'zh-TW': en, 'zh-CN': en });

/**
 * A form of `FIELDS` fields: the first half inputs (numbers and yes / no choices) that rules
 * read, the second half fields with one rule each while `RULES` lasts, in turn relevant,
 * requiredIf and constraint, each reading two inputs.
 */
export function logicForm(withRules: boolean, prefix = 'f'): CustomField[] {
  const inputs = FIELDS / 2;
  return Array.from({ length: FIELDS }, (_, i): CustomField => {
    const key = `${prefix}${i}`;
    const base = { key, label: L(`Field ${i}`), order: i };
    if (i < inputs) {
      if (i % 2 === 0) return { ...base, type: 'number', min: 0, max: 1000, precision: 1 };
      return {
        ...base,
        type: 'singleSelect',
        options: [
          { value: 'yes', label: L('Yes') },
          { value: 'no', label: L('No') },
        ],
      };
    }
    const rule = i - inputs;
    const number = `${prefix}${(rule * 2) % inputs}`;
    const choice = `${prefix}${((rule * 2) % inputs) + 1}`;
    if (rule >= RULES) return { ...base, type: 'number', min: 0, max: 1000 };
    switch (rule % 3) {
      case 0:
        return {
          ...base,
          type: 'text',
          maxLength: 40,
          ...(withRules ? { relevant: `${number} < 2 or ${number} > 8 or ${choice} == 'no'` } : {}),
        };
      case 1:
        return {
          ...base,
          type: 'text',
          maxLength: 40,
          ...(withRules ? { requiredIf: `${number} > 8 and ${choice} == 'yes'` } : {}),
        };
      default:
        return {
          ...base,
          type: 'number',
          min: 0,
          max: 1000,
          ...(withRules
            ? { constraint: `. >= 2 and . <= ${number} + 8 or ${choice} == 'no'`, constraintMessage: L('Out of range') }
            : {}),
        };
    }
  });
}

function compiled(fields: CustomField[]): CompiledForm {
  return compileForm(
    formSourceOfFields(fields, `logic-bench-${fields.length}-${fields.some((f) => f.relevant)}`),
    { form: 'activation', barcodeType: 't', stage: 'activation' },
    { language: 'en', loggedIn: true },
  );
}

/**
 * Answers that pass every rule: inputs within 2-8 and yes, so the fields with `relevant` stay
 * hidden and empty and every other field is filled (the same answers for the form without rules).
 */
function answers(form: CompiledForm): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of form.fields) {
    if (field.type === 'singleSelect') values[field.key] = 'yes';
    else if (field.type === 'number') values[field.key] = 5;
    else if (field.relevant === undefined) values[field.key] = 'note';
  }
  return values;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;

/** Each run's milliseconds after warm-up runs; `run` is given a number of its own at every call. */
function timed(runs: number, run: (i: number) => void): number[] {
  const warm = Math.min(50, runs);
  for (let i = 0; i < warm; i += 1) run(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    run(warm + i);
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * One keystroke's rules as useFormRules works them out: the verdict on the new values, the key
 * that says whether what is hidden, read-only or required changed (the uiSchema is drawn again
 * only then), the constraint messages. The typed field is an input the rules read, its value
 * crossing the 2-8 range so that fields appear and go. Drawing is the form bench's (bench:forms).
 */
function keystrokes(form: CompiledForm): number[] {
  const rules = rulesOf(form.fields);
  const typed = form.fields[50]?.key as string;
  let values = answers(form);
  let changes = 0;
  let state = '';
  const sequence = [1, 12, 5, 0, 9, 7, 10, 3];
  const times = timed(2000, (i) => {
    values = { ...values, [typed]: sequence[i % sequence.length] };
    const verdict = evaluateRules(rules, values);
    const now = [verdict.hidden, verdict.readOnly, verdict.required].map((keys) => keys.join()).join('|');
    if (now !== state) changes += 1;
    state = now;
    const errors = Object.fromEntries(verdict.failed.map(({ key, message }) => [key, { __errors: [message?.en] }]));
    if (Object.keys(errors).length > verdict.failed.length) throw new Error('a message twice');
  });
  if (changes < 1000) throw new Error("the bench's keystrokes do not change what is shown");
  return times;
}

/** validateFormData of one answer (a fresh object, as a request body is) on each form in turn, the figures of each. */
function serverRuns(forms: CompiledForm[], body: Record<string, unknown>): number[][] {
  const times = forms.map(() => [] as number[]);
  for (let i = 0; i < 10_050; i += 1) {
    forms.forEach((form, f) => {
      const start = performance.now();
      const result = validateFormData(form, { ...body }, { today: '2026-11-28' });
      if (i >= 50) times[f]?.push(performance.now() - start);
      if (Object.keys(result.errors).length > 0)
        throw new Error(`the bench's answer is refused: ${JSON.stringify(result.errors)}`);
    });
  }
  return times;
}

export function benchFormLogic(): void {
  const withRules = compiled(logicForm(true));
  const without = compiled(logicForm(false));
  const ruleCount = withRules.fields.filter((f) => f.relevant ?? f.requiredIf ?? f.constraint).length;
  console.log(`form logic: ${FIELDS} fields, ${ruleCount} rules (relevant, requiredIf, constraint in turn)`);
  const report = (line: string, figure: number, goal: number) => {
    const ok = figure <= goal;
    console.log(`  ${line} (goal ${goal} ms: ${ok ? 'met' : 'MISSED'})`);
  };

  const keys = keystrokes(withRules);
  report(
    `one keystroke's rules on the phone's path (per change of the values): p50 ${percentile(keys, 0.5).toFixed(3)} ms, p95 ${percentile(keys, 0.95).toFixed(3)} ms`,
    percentile(keys, 0.95),
    FORM_LOGIC_GOALS.keystrokeP95,
  );

  // In turn, request by request, so both see the same state of a shared machine.
  const body = answers(withRules);
  const [plain = [], ruled = []] = serverRuns([without, withRules], body);
  const added = {
    p50: percentile(ruled, 0.5) - percentile(plain, 0.5),
    p95: percentile(ruled, 0.95) - percentile(plain, 0.95),
  };
  console.log(
    `  server validateFormData per request: without rules p50 ${percentile(plain, 0.5).toFixed(3)} ms, p95 ${percentile(plain, 0.95).toFixed(3)} ms; with rules p50 ${percentile(ruled, 0.5).toFixed(3)} ms, p95 ${percentile(ruled, 0.95).toFixed(3)} ms`,
  );
  // The rules' own evaluation as validateFormData runs it (the server's UTC date given), timed alone: a
  // difference of two p95s moves with a shared machine's noise.
  const serverRules = rulesOf(withRules.fields);
  const evaluations = timed(20_000, () => {
    evaluateRules(serverRules, { ...body }, '2026-11-28');
  });
  report(
    `the rules' evaluation in a request: p50 ${percentile(evaluations, 0.5).toFixed(3)} ms, p95 ${percentile(evaluations, 0.95).toFixed(3)} ms`,
    percentile(evaluations, 0.95),
    FORM_LOGIC_GOALS.serverAddedP95,
  );
  console.log(
    `  what the rules add to validateFormData per request, as a difference (moves with the machine's load): p50 ${added.p50.toFixed(3)} ms, p95 ${added.p95.toFixed(3)} ms`,
  );

  // A project's 1,000 rules: ten such forms, each run with keys of its own (nothing cached between runs).
  const forms = (withRules: boolean, run: number) =>
    Array.from({ length: 10 }, (_, f) => logicForm(withRules, `p${run}x${f}${withRules ? 'r' : 'n'}f`));
  const logicRuns = Array.from({ length: 60 }, (_, run) => forms(true, run));
  const checks = timed(30, (i) => {
    const problems = (logicRuns[i] ?? []).flatMap((fields, f) => checkFormLogic(fields, `/forms/${f}`));
    if (problems.length > 0) throw new Error(`the bench's rules have problems: ${JSON.stringify(problems[0])}`);
  });
  report(
    `form logic's check of a project's 1,000 rules (checkFormLogic over 10 such forms): median ${percentile(checks, 0.5).toFixed(1)} ms, p95 ${percentile(checks, 0.95).toFixed(1)} ms`,
    percentile(checks, 0.5),
    FORM_LOGIC_GOALS.check1000RulesMedian,
  );

  // Beside it, the whole check at import and publish of the demo project with those ten forms as
  // activation forms, with and without the rules: most of it is compiling every form's schema.
  const demo = readFileSync('server/projects/demo@1.json', 'utf8');
  const project = (withRules: boolean, run: number): ProjectConfig => {
    const config = JSON.parse(demo) as ProjectConfig;
    const [, model] = Object.entries(config.barcodeTypes)[0] ?? [];
    forms(withRules, 1000 + run).forEach((fields, f) => {
      config.barcodeTypes[`bench${f}`] = {
        ...model,
        activationFields: [...(model?.activationFields ?? []), ...fields],
      } as never;
    });
    return config;
  };
  const whole = { with: [] as number[], without: [] as number[] };
  for (let run = 0; run < 5; run += 1) {
    for (const withRules of [false, true]) {
      const config = project(withRules, run);
      const start = performance.now();
      const problems = checkProjectConfig(config);
      whole[withRules ? 'with' : 'without'].push(performance.now() - start);
      if (problems.length > 0) throw new Error(`the bench's project has problems: ${JSON.stringify(problems[0])}`);
    }
  }
  console.log(
    `  whole configuration check of the demo project with those forms (checkProjectConfig): median ${percentile(whole.with, 0.5).toFixed(0)} ms with the rules, ${percentile(whole.without, 0.5).toFixed(0)} ms without`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchFormLogic();
}
