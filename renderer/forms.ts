import type { BarcodeType } from '@schemas/project-config';
import type { CustomField } from '@schemas/custom-field';
import type { FormRef } from './compile-form';

/** One configured form of a barcode type: its activation fields, or one form of one trackpoint. */
export interface ConfiguredForm {
  ref: FormRef;
  barcodeType: string;
  /** 'activation', or `${trackPointKey}/${formKey}`. */
  form: string;
  trackPointKey?: string;
  fields: CustomField[];
  /** JSON pointer of the field list in the configuration. */
  pointer: string;
}

/** A key as one JSON-pointer segment (RFC 6901: ~ -> ~0, / -> ~1). */
export const pointerSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every form of a barcode type, in configuration order. */
export function formsOf(typeKey: string, type: BarcodeType): ConfiguredForm[] {
  const typePointer = `/barcodeTypes/${pointerSegment(typeKey)}`;
  const forms: ConfiguredForm[] = [
    {
      ref: { form: 'activation', barcodeType: typeKey, stage: 'activation' },
      barcodeType: typeKey,
      form: 'activation',
      fields: type.activationFields,
      pointer: `${typePointer}/activationFields`,
    },
  ];
  type.trackPoints.forEach((point, p) => {
    point.trackPointForms.forEach((form, f) => {
      forms.push({
        ref: { form: 'trackPoint', barcodeType: typeKey, trackPointKey: point.key, formKey: form.key },
        barcodeType: typeKey,
        form: `${point.key}/${form.key}`,
        trackPointKey: point.key,
        fields: form.customFields,
        pointer: `${typePointer}/trackPoints/${p}/trackPointForms/${f}/customFields`,
      });
    });
  });
  return forms;
}

/** Contact suggestions of a barcode type: phones, and e-mails from route notifications plus predefined contacts. */
export function suggestionsOf(type: BarcodeType | undefined): {
  phoneSuggestions: { name: string; countryCode: string; number: string }[];
  emailSuggestions: string[];
} {
  return {
    phoneSuggestions: type?.predefinedContact?.numberContacts ?? [],
    emailSuggestions: [
      ...(type?.trackPointRouteNotifications?.emailDestinations ?? []),
      ...(type?.predefinedContact?.emails ?? []),
    ],
  };
}
