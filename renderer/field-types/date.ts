import { checkRange, type FieldTypeDefinition } from './field-type';

export interface DateOptions {
  minDate?: string;
  maxDate?: string;
}

/** A date (YYYY-MM-DD), optionally between minDate and maxDate; shown as YYYY/MM/DD. */
export const date: FieldTypeDefinition<'date', DateOptions> = {
  compile: (field) => ({
    schema: {
      type: 'string',
      format: 'date',
      ...(field.minDate ? { formatMinimum: field.minDate } : {}),
      ...(field.maxDate ? { formatMaximum: field.maxDate } : {}),
    },
    options: { minDate: field.minDate, maxDate: field.maxDate },
  }),
  check: (field, report) => checkRange(report, 'minDate', 'maxDate', field.minDate, field.maxDate),
  display: (_field, value) => ({ kind: 'text', text: String(value).replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1/$2/$3') }),
};
