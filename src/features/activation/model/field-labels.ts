import type { CompiledForm } from '@renderer';
import type { FieldLabelOf } from '@/shared/i18n/error-message';

/** The label a compiled form gives one of its fields, if it has that field. */
function labelIn(form: CompiledForm, key: string): string | undefined {
  if (!Object.hasOwn(form.schema.properties, key)) return undefined;
  const title = form.schema.properties[key]?.title;
  return typeof title === 'string' ? title : undefined;
}

/**
 * Names the fields of a refused activation or edit as the user saw them: `origin.postalCode` as
 * "Origin: Postal code", `dimension.depth`, `weight` and `customFields.<key>` by their labels in
 * the package form. A path the forms do not know gets no label (the message is shown alone).
 */
export function activationFieldLabel(
  forms: { address: CompiledForm; package: CompiledForm },
  sideName: (side: 'origin' | 'destination') => string,
): FieldLabelOf {
  return (path) => {
    const [head = '', ...rest] = path.split('.');
    const key = rest.join('.');
    if (head === 'origin' || head === 'destination') {
      const label = labelIn(forms.address, key);
      return label ? `${sideName(head)}: ${label}` : sideName(head);
    }
    if (head === 'dimension' || head === 'customFields') return labelIn(forms.package, key);
    return labelIn(forms.package, path);
  };
}
