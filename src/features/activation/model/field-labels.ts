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

/** Where a refused field of an activation or edit is drawn: the package form or one address form, and its key there. */
export interface ActivationFieldPlace {
  form: 'package' | 'origin' | 'destination';
  key: string;
}

/**
 * The form field a refusal's path names, so its message can be shown under it: `origin.postalCode`
 * in the origin's address form, `dimension.depth`, `weight` and `customFields.<key>` in the
 * package form. Undefined for a path no form draws (the message then says it).
 */
export function activationFieldPlace(
  forms: { address: CompiledForm; package: CompiledForm },
  path: string,
): ActivationFieldPlace | undefined {
  const [head = '', ...rest] = path.split('.');
  const key = rest.join('.');
  if (head === 'origin' || head === 'destination')
    return Object.hasOwn(forms.address.schema.properties, key) ? { form: head, key } : undefined;
  const packageKey = head === 'dimension' || head === 'customFields' ? key : path;
  return Object.hasOwn(forms.package.schema.properties, packageKey) ? { form: 'package', key: packageKey } : undefined;
}
