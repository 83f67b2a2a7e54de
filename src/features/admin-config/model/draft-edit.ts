import type { CustomField, CustomFieldType } from '@schemas/custom-field';
import { localized } from '@schemas/languages';
import type { ProjectConfig } from '@schemas/project-config';
import { FIELD_TYPE_NAMES, formsOf } from '@renderer';
import { settingsFromInput, settingsInputOf } from './type-settings';

/** One editable field list of a configuration: a barcode type's activation fields or one trackpoint form. */
export interface FormChoice {
  barcodeType: string;
  /** 'activation' or '<trackpoint>/<form>' (as the server's test entries name it). */
  form: string;
  fields: CustomField[];
  /** JSON pointer of the field list in the configuration (where the QA check's problems point). */
  pointer: string;
}

/** Every field list of the configuration, in order. */
export function formChoices(config: ProjectConfig): FormChoice[] {
  return Object.entries(config.barcodeTypes).flatMap(([typeKey, type]) =>
    formsOf(typeKey, type).map((f) => ({ barcodeType: typeKey, form: f.form, fields: f.fields, pointer: f.pointer })),
  );
}

/** A copy of the configuration with one form's field list replaced. */
export function withFields(
  config: ProjectConfig,
  choice: Pick<FormChoice, 'barcodeType' | 'form'>,
  fields: CustomField[],
): ProjectConfig {
  const copy = structuredClone(config);
  const type = copy.barcodeTypes[choice.barcodeType];
  if (!type) return copy;
  if (choice.form === 'activation') {
    type.activationFields = fields;
    return copy;
  }
  const [pointKey, formKey] = choice.form.split('/');
  const form = type.trackPoints.find((p) => p.key === pointKey)?.trackPointForms.find((f) => f.key === formKey);
  if (form) form.customFields = fields;
  return copy;
}

/** The list with the field at `index` moved by `by` places (kept within the list). */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target]!, copy[index]!];
  return copy;
}

/**
 * What the field builder's own form collects (it is drawn by the renderer: builder-form.ts): what
 * every type has, a select's options as 'value=label' lines, and the type's own settings under
 * their property names (model/type-settings.ts).
 */
export interface NewFieldInput {
  key?: string;
  type?: string;
  labelEn?: string;
  labelJa?: string;
  labelZhTw?: string;
  labelZhCn?: string;
  required?: string;
  options?: string;
  visibility?: string;
  [setting: string]: unknown;
}

const isFieldType = (type: unknown): type is CustomFieldType =>
  typeof type === 'string' && (FIELD_TYPE_NAMES as string[]).includes(type);

/** The four label fields of the builder's forms (the field builder's and the structure builder's) as one text in the four languages. */
export const labelsOf = (input: Pick<NewFieldInput, 'labelEn' | 'labelJa' | 'labelZhTw' | 'labelZhCn'>) =>
  localized(input.labelEn ?? '', input.labelJa ?? '', input.labelZhTw ?? '', input.labelZhCn ?? '');

/** The field the builder's form describes: options as 'value=label' lines, the label in the four languages. */
export function fieldFromInput(input: NewFieldInput): CustomField {
  const label = labelsOf(input);
  const type = input.type ?? 'text';
  const field: Record<string, unknown> = { key: input.key ?? '', type, label };
  if (input.required === 'yes') field.required = true;
  if (input.visibility && input.visibility !== 'visible') field.visibility = input.visibility;
  if (input.options && (type === 'singleSelect' || type === 'multiSelect')) {
    field.options = input.options
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const [value = '', text = value] = line.split('=');
        return { value: value.trim(), label: localized(text.trim(), text.trim(), text.trim(), text.trim()) };
      });
  }
  if (isFieldType(type)) Object.assign(field, settingsFromInput(type, input));
  return field as unknown as CustomField;
}

/** What the builder's form shows for an existing field (the inverse of fieldFromInput, options by their English label). */
export function inputFromField(field: CustomField): NewFieldInput {
  const f = field as CustomField & { options?: { value: string; label: { en: string } }[] };
  const input: NewFieldInput = {
    key: f.key,
    type: f.type,
    labelEn: f.label.en,
    labelJa: f.label.ja,
    labelZhTw: f.label['zh-TW'],
    labelZhCn: f.label['zh-CN'],
    required: f.required ? 'yes' : 'no',
    visibility: f.visibility ?? 'visible',
    ...settingsInputOf(field),
  };
  if (f.options)
    input.options = f.options.map((o) => (o.label.en === o.value ? o.value : `${o.value}=${o.label.en}`)).join('\n');
  return input;
}

/** The properties every field type has that the builder does not ask (schemas/custom-field.ts `base`): kept by a change, also of the type. */
const KEPT_PROPERTIES = [
  'order',
  'helpText',
  'relevant',
  'requiredIf',
  'readOnlyIf',
  'constraint',
  'constraintMessage',
] as const;

/**
 * An existing field changed through the builder's form: everything the form asks (the type's own
 * settings too) comes from it, the field's order and help text stay, and an option whose value
 * and English label did not change keeps its labels in the other languages.
 */
export function editedField(original: CustomField, input: NewFieldInput): CustomField {
  const made = fieldFromInput(input) as unknown as Record<string, unknown>;
  const before = original as unknown as Record<string, unknown>;
  const result: Record<string, unknown> = {
    ...made,
    ...Object.fromEntries(KEPT_PROPERTIES.filter((k) => k in before).map((k) => [k, before[k]])),
  };
  const oldOptions = before.options as { value: string; label: { en: string } }[] | undefined;
  if (Array.isArray(made.options) && oldOptions) {
    result.options = (made.options as { value: string; label: { en: string } }[]).map((o) => {
      const old = oldOptions.find((p) => p.value === o.value);
      return old && old.label.en === o.label.en ? old : o;
    });
  }
  return result as unknown as CustomField;
}
