import type { CustomField } from '@schemas/custom-field';
import type { FormStage } from '@schemas/field-constants';
import type { Language } from '@schemas/languages';
import { definitionOf } from './field-types';
import { formulaKeys } from './field-types/calculation';
import type { JsonSchema } from './field-types/field-type';

/** Who fills the form, where, in which language; built by compileForm. */
export interface CompileContext {
  language: Language;
  loggedIn: boolean;
  stage: FormStage;
  /** Names the form in the schema's `$id`: one id per distinct compiled schema. */
  formId: { project: string; version: number; barcodeType: string; form: string };
}

/** A field the viewer may not see: its place is shown masked, so the form's layout does not change. */
export interface MaskedField {
  key: string;
  label: string;
}

export interface CompiledForm {
  schema: JsonSchema & { $id: string; properties: Record<string, JsonSchema>; required: string[] };
  uiSchema: Record<string, unknown> & { 'ui:order': string[] };
  /** The fields drawn, in order. */
  fields: CustomField[];
  masked: MaskedField[];
}

/**
 * How a compiled form fills in defaults (rjsf's experimental_defaultFormStateBehavior): inside
 * an optional object field (an adjustment's sign) only once the user starts it, so an untouched
 * optional field is not half-filled and invalid.
 */
export const DEFAULT_FORM_STATE_BEHAVIOUR = { emptyObjectFields: 'populateRequiredDefaults' } as const;

export const SCHEMA_ID_BASE = 'https://schemas.smart-barcode.app/forms';

/**
 * Hidden fields are never shown; visible-when-logged-in fields only to users.
 * 'unknown' visibility is treated like visible-when-logged-in: when in doubt, a visitor does
 * not see it.
 */
export function isVisible(field: CustomField, loggedIn: boolean): boolean {
  const visibility = field.visibility ?? 'visible';
  if (visibility === 'hidden') return false;
  if (visibility === 'visible') return true;
  return loggedIn;
}

/** Fields in form order: those with `order` first by it, the rest in list order (stable). */
export function orderFields(fields: readonly CustomField[]): CustomField[] {
  return fields
    .map((field, index) => ({ field, index }))
    .sort((a, b) => (a.field.order ?? Infinity) - (b.field.order ?? Infinity) || a.index - b.index)
    .map((entry) => entry.field);
}

/** FNV-1a (32 bits) of a text, in base 36: a short fingerprint, not a security measure. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The `$id` of a compiled form: stable for the same project, version, type, form, context and
 * fields. The fields' fingerprint is part of it because ajv (server) and rjsf (client) keep one
 * compiled validator per `$id`: a configuration edited in place (a hot reload, the playground)
 * gets new ids, so nothing validates with the form as it was before the edit.
 */
export function schemaId(context: CompileContext, fields: readonly CustomField[]): string {
  const { project, version, barcodeType, form } = context.formId;
  const parts = [
    `${encodeURIComponent(project)}@${version}`,
    encodeURIComponent(barcodeType),
    ...form.split('/').map(encodeURIComponent),
    context.stage,
    context.language,
    context.loggedIn ? 'user' : 'visitor',
    fingerprint(JSON.stringify(fields)),
  ];
  return `${SCHEMA_ID_BASE}/${parts.join('/')}`;
}

/** Arrays express "required" as at least one entry; everything else through `required`. */
function requiredFor(field: CustomField, schema: JsonSchema): boolean {
  // A field with `relevant` is required only while it is shown: the form's rules say when (form-rules.ts).
  if (!field.required || field.relevant !== undefined) return false;
  if (schema.type === 'array' && (schema.minItems === undefined || (schema.minItems as number) < 1))
    schema.minItems = 1;
  // A computed value (a calculation) is never entered: nothing to require from the user.
  return definitionOf(field).computed !== true;
}

/**
 * compile(fields, context) -> { schema, uiSchema }: the heart of the server-driven UI. Pure:
 * no React, no DOM; the client draws the result with @rjsf/core and the server validates
 * submitted data with the very same schema.
 */
export function compile(fields: readonly CustomField[], context: CompileContext): CompiledForm {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const uiSchema: CompiledForm['uiSchema'] = { 'ui:order': [] };
  const drawn: CustomField[] = [];
  const masked: MaskedField[] = [];
  for (const field of orderFields(fields)) {
    const label = field.label[context.language];
    if (!isVisible(field, context.loggedIn)) {
      if (field.visibility !== 'hidden') masked.push({ key: field.key, label });
      continue;
    }
    const { schema, options } = definitionOf(field).compile(field, context.language);
    schema.title = label;
    if (field.helpText) schema.description = field.helpText[context.language];
    if (requiredFor(field, schema)) required.push(field.key);
    properties[field.key] = schema;
    // 'ui:field' (not 'ui:widget'): objects and lists (adjustment, location, files) are one widget too.
    const ui: Record<string, unknown> = {
      'ui:field': field.type,
      'ui:options': {
        ...compact(options),
        fieldKey: field.key,
        fieldType: field.type,
        required: field.required === true,
      },
    };
    if ('enumNames' in options) ui['ui:enumNames'] = options.enumNames;
    // A calculation is shown as "calculated from <labels>", never as its formula's keys.
    if (field.type === 'calculation') {
      const inputs = formulaKeys(field.formula, new Set(fields.map((f) => f.key)));
      if (inputs.length > 0)
        (ui['ui:options'] as Record<string, unknown>).inputLabels = inputs.map(
          (key) => fields.find((f) => f.key === key)?.label[context.language] ?? key,
        );
    }
    uiSchema[field.key] = ui;
    uiSchema['ui:order'].push(field.key);
    drawn.push(field);
  }
  return {
    schema: { $id: schemaId(context, fields), type: 'object', properties, required, additionalProperties: false },
    uiSchema,
    fields: drawn,
    masked,
  };
}

/** Drops undefined options so uiSchema stays small and serialisable. */
function compact(options: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}
