import type { FieldOf } from '@schemas/custom-field';
import type { Language } from '@schemas/languages';
import type { ReportProblem } from './field-type';

/** The choices of a select, as its widget reads them: values and their labels in the viewer's language. */
export interface SelectOptions {
  values: string[];
  enumNames: string[];
}

type SelectField = FieldOf<'singleSelect'> | FieldOf<'multiSelect'>;

export function selectOptions(field: SelectField, language: Language): SelectOptions {
  return { values: field.options.map((o) => o.value), enumNames: field.options.map((o) => o.label[language]) };
}

/** An option's label in the viewer's language; a value no longer offered is shown as stored. */
export const optionLabel = (field: SelectField, value: unknown, language: Language): string =>
  field.options.find((o) => o.value === value)?.label[language] ?? String(value);

/** Each option value once. */
export function checkOptions(field: SelectField, report: ReportProblem): void {
  const seen = new Set<string>();
  field.options.forEach((option, i) => {
    if (seen.has(option.value)) report(`/options/${i}/value`, 'optionTwice', { value: option.value });
    seen.add(option.value);
  });
}
