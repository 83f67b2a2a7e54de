import { checkRange, type FieldTypeDefinition } from './field-type';
import { checkOptions, optionLabel, selectOptions, type SelectOptions } from './select';

/** Several choices among the configured options, each once, between minItems and maxItems of them. */
export const multiSelect: FieldTypeDefinition<'multiSelect', SelectOptions> = {
  compile(field, language) {
    const options = selectOptions(field, language);
    return {
      schema: {
        type: 'array',
        items: { type: 'string', enum: options.values },
        uniqueItems: true,
        ...(field.minItems !== undefined ? { minItems: field.minItems } : {}),
        ...(field.maxItems !== undefined ? { maxItems: field.maxItems } : {}),
      },
      options,
    };
  },
  check(field, report) {
    checkRange(report, 'minItems', 'maxItems', field.minItems, field.maxItems);
    checkOptions(field, report);
    if (field.maxItems !== undefined && field.maxItems > field.options.length)
      report('/maxItems', 'maxItemsOverOptions', { maxItems: field.maxItems, count: field.options.length });
  },
  display: (field, value, language) => ({
    kind: 'text',
    text: (Array.isArray(value) ? value : [value]).map((v) => optionLabel(field, v, language)).join(', '),
  }),
};
