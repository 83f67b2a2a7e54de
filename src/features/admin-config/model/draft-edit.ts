import type { CustomField } from '@schemas/custom-field';
import type { ProjectConfig } from '@schemas/project-config';
import { formsOf } from '@renderer';

/** One editable field list of a configuration: a barcode type's activation fields or one trackpoint form. */
export interface FormChoice {
  barcodeType: string;
  /** 'activation' or '<trackpoint>/<form>' (as the server's test entries name it). */
  form: string;
  fields: CustomField[];
}

/** Every field list of the configuration, in order. */
export function formChoices(config: ProjectConfig): FormChoice[] {
  return Object.entries(config.barcodeTypes).flatMap(([typeKey, type]) => formsOf(typeKey, type).map((f) => ({ barcodeType: typeKey, form: f.form, fields: f.fields })));
}

/** A copy of the configuration with one form's field list replaced. */
export function withFields(config: ProjectConfig, choice: Pick<FormChoice, 'barcodeType' | 'form'>, fields: CustomField[]): ProjectConfig {
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

/** What the field builder's own form collects (it is drawn by the renderer: builder-form.ts). */
export interface NewFieldInput {
  key?: string;
  type?: string;
  labelEn?: string;
  labelJa?: string;
  labelZhTw?: string;
  labelZhCn?: string;
  required?: string;
  options?: string;
  mask?: string;
  formula?: string;
  visibility?: string;
  fileKind?: string;
  calculationType?: string;
  weightMode?: string;
  referenceKey?: string;
}

/** The field the builder's form describes: options as 'value=label' lines, the label in the four languages. */
export function fieldFromInput(input: NewFieldInput): CustomField {
  const label = { en: input.labelEn ?? '', ja: input.labelJa ?? '', 'zh-TW': input.labelZhTw ?? '', 'zh-CN': input.labelZhCn ?? '' };
  const field: Record<string, unknown> = { key: input.key ?? '', type: input.type ?? 'text', label };
  if (input.required === 'yes') field.required = true;
  if (input.visibility && input.visibility !== 'visible') field.visibility = input.visibility;
  if (input.mask && field.type === 'text') field.mask = input.mask;
  if (input.formula && field.type === 'calculation') field.formula = input.formula;
  if (input.fileKind && field.type === 'files') field.fileKind = input.fileKind;
  if (input.calculationType && field.type === 'ghgEmission') field.calculationType = input.calculationType;
  if (input.weightMode && field.type === 'weightMeasurement') field.mode = input.weightMode;
  if (input.referenceKey?.trim() && field.type === 'reference') field.referenceKey = input.referenceKey.trim();
  if (input.options && (field.type === 'singleSelect' || field.type === 'multiSelect')) {
    field.options = input.options.split('\n').map((line) => line.trim()).filter(Boolean).map((line) => {
      const [value = '', text = value] = line.split('=');
      return { value: value.trim(), label: { en: text.trim(), ja: text.trim(), 'zh-TW': text.trim(), 'zh-CN': text.trim() } };
    });
  }
  return field as unknown as CustomField;
}

/** What the builder's form shows for an existing field (the inverse of fieldFromInput, options by their English label). */
export function inputFromField(field: CustomField): NewFieldInput {
  const f = field as CustomField & { mask?: string; formula?: string; options?: { value: string; label: { en: string } }[]; fileKind?: string; calculationType?: string; mode?: string; referenceKey?: string };
  const input: NewFieldInput = {
    key: f.key, type: f.type, labelEn: f.label.en, labelJa: f.label.ja, labelZhTw: f.label['zh-TW'], labelZhCn: f.label['zh-CN'],
    required: f.required ? 'yes' : 'no', visibility: f.visibility ?? 'visible',
  };
  if (f.mask) input.mask = f.mask;
  if (f.formula) input.formula = f.formula;
  if (f.fileKind) input.fileKind = f.fileKind;
  if (f.calculationType) input.calculationType = f.calculationType;
  if (f.type === 'weightMeasurement' && f.mode) input.weightMode = f.mode;
  if (f.referenceKey) input.referenceKey = f.referenceKey;
  if (f.options) input.options = f.options.map((o) => (o.label.en === o.value ? o.value : `${o.value}=${o.label.en}`)).join('\n');
  return input;
}

/** The properties every field type has (schemas/custom-field.ts `base`): all a field keeps when its type changes. */
const COMMON_PROPERTIES = ['order', 'helpText'] as const;
/** What the builder's form sets: taken from the form, never from the field as it was. */
const BUILDER_PROPERTIES = ['key', 'type', 'label', 'required', 'visibility', 'mask', 'formula', 'options', 'fileKind', 'calculationType', 'mode', 'referenceKey'] as const;

/**
 * An existing field changed through the builder's form: what the form sets comes from it, the
 * field's other properties (min, max, unit, readers, ...) stay unless its type changed (then only
 * those every type has stay), and an option whose value and English label did not change keeps
 * its labels in the other languages.
 */
export function editedField(original: CustomField, input: NewFieldInput): CustomField {
  const made = fieldFromInput(input) as unknown as Record<string, unknown>;
  const before = original as unknown as Record<string, unknown>;
  const kept: Record<string, unknown> = made.type === before.type
    ? { ...before }
    : Object.fromEntries(COMMON_PROPERTIES.filter((k) => k in before).map((k) => [k, before[k]]));
  for (const k of BUILDER_PROPERTIES) delete kept[k];
  const result: Record<string, unknown> = { ...made, ...kept };
  const oldOptions = before.options as { value: string; label: { en: string } }[] | undefined;
  if (Array.isArray(made.options) && oldOptions) {
    result.options = (made.options as { value: string; label: { en: string } }[]).map((o) => {
      const old = oldOptions.find((p) => p.value === o.value);
      return old && old.label.en === o.label.en ? old : o;
    });
  }
  return result as unknown as CustomField;
}
