import type { FieldTypeDefinition } from './field-type';
import { checkOptions, optionLabel, selectOptions, type SelectOptions } from './select';

/** One choice among the configured options (values in `enum`, labels as `ui:enumNames`). */
export const singleSelect: FieldTypeDefinition<'singleSelect', SelectOptions> = {
  compile(field, language) {
    const options = selectOptions(field, language);
    return { schema: { type: 'string', enum: options.values }, options };
  },
  check: checkOptions,
  display: (field, value, language) => ({ kind: 'text', text: optionLabel(field, value, language) }),
};
