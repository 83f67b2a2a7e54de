import type { ConfigProblem } from '@renderer/config-check';
import type { Language } from '@schemas/languages';
import type { ProjectConfig } from '@schemas/project-config';
import { pointerPath } from './json-assist';
import { formChoices, type FormChoice } from './draft-edit';

/**
 * Where a problem of the QA check (the check publishing runs) is, as an admin knows the
 * configuration: the field (its label and key, and the builder's form it is on), else the
 * trackpoint or barcode type, else the project's settings, instead of a JSON pointer.
 */
export interface PlacedProblem {
  problem: ConfigProblem;
  /** The builder's form id (`<barcode type> <form>`) and the field's key, when the problem is in a field. */
  form?: string;
  field?: string;
  /** What the problem concerns: "Seal total (sealTotal)", "Distribution centre (distributionCentre)", or '' for the project. */
  subject: string;
  /** The property inside the subject the problem is about, when the message does not say it already ('mask', 'min'). */
  property: string;
}

type Named = { key?: unknown; label?: unknown; name?: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** "Label (key)" of a field, trackpoint or barcode type; its key alone when it has no words in this language. */
function nameOf(item: Named, key: string, language: Language): string {
  const words = [item.label, item.name].find(isObject)?.[language];
  return typeof words === 'string' && words.trim() && words !== key ? `${words} (${key})` : key;
}

/** Messages that name what they concern already: a property after the subject would say it twice. */
const SELF_NAMING = /^(formula|patternMask|fieldTwice|optionTwice|builtInKey|counterNeedsMax|greaterThan)/;

/** Every problem with its place; a configuration too broken to list its forms gets subjects from the pointer's keys alone. */
export function placeProblems(config: unknown, problems: ConfigProblem[], language: Language): PlacedProblem[] {
  let choices: FormChoice[] = [];
  try {
    choices = formChoices(config as ProjectConfig);
  } catch {
    // A configuration whose shape is wrong (edited as JSON) has no forms to place problems on.
  }
  return problems.map((problem) => {
    const path = pointerPath(problem.pointer);
    // The deepest thing on the path with a key of its own (a field, a trackpoint), or a barcode type.
    let subject = '';
    let depth = 0;
    let node: unknown = config;
    path.forEach((segment, i) => {
      node = isObject(node) ? (node as Record<string | number, unknown>)[segment] : undefined;
      if (!isObject(node)) return;
      const named = node as Named;
      if (typeof named.key === 'string') [subject, depth] = [nameOf(named, named.key, language), i + 1];
      else if (i === 1 && path[0] === 'barcodeTypes') [subject, depth] = [nameOf(named, String(segment), language), 2];
    });
    const property = SELF_NAMING.test(problem.key)
      ? ''
      : path
          .slice(depth)
          .filter((s) => typeof s === 'string')
          .join('.');
    const choice = choices.find((c) => problem.pointer.startsWith(`${c.pointer}/`));
    const index = choice ? Number(pointerPath(problem.pointer.slice(choice.pointer.length))[0]) : NaN;
    const field = choice && Number.isInteger(index) ? choice.fields[index] : undefined;
    return {
      problem,
      subject,
      property,
      ...(choice && field ? { form: `${choice.barcodeType} ${choice.form}`, field: field.key } : {}),
    };
  });
}
