import type { CustomField, CustomFieldType } from '@schemas/custom-field';
import type { FieldTypeDefinition } from './field-type';
import { adjustment } from './adjustment';
import { calculation } from './calculation';
import { date } from './date';
import { eSign } from './e-sign';
import { email } from './email';
import { files } from './files';
import { ghgEmission } from './ghg-emission';
import { location } from './location';
import { multiSelect } from './multi-select';
import { number } from './number';
import { phoneNumber } from './phone-number';
import { reference } from './reference';
import { singleSelect } from './single-select';
import { text } from './text';
import { weightMeasurement } from './weight-measurement';

/**
 * Every custom field type and what it means (one file each); its widget is
 * `field-widgets/<type>/`. A type added to the configuration format (schemas/custom-field.ts)
 * does not compile until it has an entry here and in the widget registry.
 */
export const FIELD_TYPES = {
  text,
  number,
  adjustment,
  phoneNumber,
  date,
  email,
  reference,
  singleSelect,
  multiSelect,
  calculation,
  location,
  eSign,
  files,
  ghgEmission,
  weightMeasurement,
} satisfies { [T in CustomFieldType]: FieldTypeDefinition<T, object> };

/** The field types, in the order the configuration format documents them. */
export const FIELD_TYPE_NAMES = Object.keys(FIELD_TYPES) as CustomFieldType[];

/** The options the widget of type T reads from `ui:options`. */
export type FieldOptions<T extends CustomFieldType> = ReturnType<(typeof FIELD_TYPES)[T]['compile']>['options'];

/** The definition of a field's type, typed for that field (TypeScript cannot narrow the map by the field's own type). */
export const definitionOf = <T extends CustomFieldType>(field: Extract<CustomField, { type: T }>) =>
  FIELD_TYPES[field.type as T] as unknown as FieldTypeDefinition<T, FieldOptions<T>>;
