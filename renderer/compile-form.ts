import type { BarcodeType } from '@schemas/project-config';
import type { CustomField } from '@schemas/custom-field';
import type { FormStage } from '@schemas/field-constants';
import type { Language } from '@schemas/languages';
import { ownValue } from '@schemas/own-keys';
import {
  addressFields,
  identifierFields,
  PACKAGE_MEASURE_KEYS,
  packageFields,
  REQUIRED_MEASURE_ABOVE,
} from './builtin-forms';
import { compile, type CompiledForm } from './compile';
import { postalCodeRules } from './postal-codes';

/**
 * What a form is compiled from: a project's code, version and barcode types. The client's
 * `Project` (GET /barcode/project) has this shape; the server passes its stored configuration.
 */
export interface FormSource {
  code: string;
  version: number;
  barcodeTypes: Record<string, BarcodeType>;
}

/**
 * Which form of a project: a barcode type's activation fields, one form of one trackpoint, or
 * one of the built-in forms every project has (an address; package information, with the
 * identifiers and the type's activation fields when activating or editing).
 */
export type FormRef =
  | { form: 'activation'; barcodeType: string; stage: 'activation' | 'edit' }
  | { form: 'trackPoint'; barcodeType: string; trackPointKey: string; formKey: string }
  | { form: 'address'; barcodeType: string; stage: FormStage }
  | { form: 'package'; barcodeType: string; stage: FormStage; packageRequired: boolean; withActivationFields: boolean };

/** Who fills the form: the language of its labels and whether they are logged in (field visibility). */
export interface FormViewer {
  language: Language;
  loggedIn: boolean;
}

const NO_FIELDS: CustomField[] = [];

/** The fields of a form, as configured (an unknown barcode type, trackpoint or form has none). */
export function fieldsOf(source: FormSource, ref: FormRef): CustomField[] {
  const type = ownValue(source.barcodeTypes, ref.barcodeType);
  switch (ref.form) {
    case 'activation':
      return type?.activationFields ?? NO_FIELDS;
    case 'trackPoint':
      return (
        type?.trackPoints.find((t) => t.key === ref.trackPointKey)?.trackPointForms.find((f) => f.key === ref.formKey)
          ?.customFields ?? NO_FIELDS
      );
    case 'address':
      return addressFields();
    case 'package':
      return [
        ...packageFields(ref.packageRequired),
        ...(ref.withActivationFields ? [...identifierFields(), ...(type?.activationFields ?? NO_FIELDS)] : []),
      ];
  }
}

/** The stage a form is filled at: tracking for trackpoint forms, as the reference says otherwise. */
export const stageOf = (ref: FormRef): FormStage => (ref.form === 'trackPoint' ? 'tracking' : ref.stage);

/** The form's name in its schema `$id`: one name per distinct field list. */
function formName(ref: FormRef): string {
  switch (ref.form) {
    case 'activation':
    case 'address':
      return ref.form;
    case 'trackPoint':
      return `${ref.trackPointKey}/${ref.formKey}`;
    case 'package':
      return `package-${ref.packageRequired ? 'required' : 'optional'}${ref.withActivationFields ? '-activation' : ''}`;
  }
}

/**
 * compileForm(project, form, viewer) -> { schema, uiSchema }: the one way every screen, the
 * server, the QA command and the benchmarks turn a configured form into JSON Schema + UI
 * schema. The client draws the result; the server validates submitted data with the same.
 */
export function compileForm(source: FormSource, ref: FormRef, viewer: FormViewer): CompiledForm {
  const form = compile(fieldsOf(source, ref), {
    language: viewer.language,
    loggedIn: viewer.loggedIn,
    stage: stageOf(ref),
    formId: { project: source.code, version: source.version, barcodeType: ref.barcodeType, form: formName(ref) },
  });
  // A postal code must fit its country's format where that is known.
  if (ref.form === 'address') form.schema.allOf = postalCodeRules();
  if (ref.form === 'package' && ref.packageRequired) {
    // Required package information must describe a package: a size or weight of 0 is refused.
    for (const key of PACKAGE_MEASURE_KEYS) {
      const schema = form.schema.properties[key];
      if (schema) schema.exclusiveMinimum = REQUIRED_MEASURE_ABOVE;
    }
  }
  return form;
}

/**
 * A form source with one barcode type `t` whose activation fields are these, for compiling a
 * field list that is not part of a project (benchmarks, generated test configurations).
 */
export function formSourceOfFields(fields: CustomField[], code = 'fields'): FormSource {
  const name = { en: 't', ja: 't', 'zh-TW': 't', 'zh-CN': 't' };
  const type: BarcodeType = {
    order: 0,
    name,
    icon: 'package',
    color: { foreground: '#000000', background: '#ffffff' },
    userTypes: ['staff'],
    activationFields: fields,
    trackPoints: [{ key: 'start', name, trackPointForms: [] }],
  };
  return { code, version: 1, barcodeTypes: { t: type } };
}
