import { lazy, createElement, Suspense, type ComponentType } from 'react';
import type { FieldProps } from '@rjsf/utils';
import type { CustomFieldType } from '@schemas/custom-field';
import { CUSTOM_FIELD_TYPES } from '@schemas/field-constants';
import { asRjsfField } from './adapter';
import type { FieldWidgetProps } from './types';
import { TextWidget } from './text/text-widget';
import { NumberWidget } from './number/number-widget';
import { AdjustmentWidget } from './adjustment/adjustment-widget';
import { PhoneNumberWidget } from './phone-number/phone-number-widget';
import { EmailWidget } from './email/email-widget';
import { ReferenceWidget } from './reference/reference-widget';
import { SingleSelectWidget } from './single-select/single-select-widget';
import { MultiSelectWidget } from './multi-select/multi-select-widget';
import { CalculationWidget } from './calculation/calculation-widget';
import { LocationWidget } from './location/location-widget';
import { ESignWidget } from './e-sign/e-sign-widget';
import { FilesWidget } from './files/files-widget';
import { GhgEmissionWidget } from './ghg-emission/ghg-emission-widget';
import { WeightMeasurementWidget } from './weight-measurement/weight-measurement-widget';

// The date picker brings @mantine/dates and dayjs: loaded the first time a form has a date.
const LazyDate = lazy(() => import('./date/date-widget'));
function DateWidget(props: FieldWidgetProps<string>) {
  return createElement(Suspense, { fallback: null }, createElement(LazyDate, props));
}

/**
 * Field type -> widget: every custom field type of spec section 3 has exactly one. The
 * signature pad loads when Sign is tapped, the date picker with the first date field.
 */
const WIDGETS: { [T in CustomFieldType]: ComponentType<FieldWidgetProps<never>> } = {
  text: TextWidget,
  number: NumberWidget,
  adjustment: AdjustmentWidget,
  phoneNumber: PhoneNumberWidget,
  date: DateWidget,
  email: EmailWidget,
  reference: ReferenceWidget,
  singleSelect: SingleSelectWidget,
  multiSelect: MultiSelectWidget,
  calculation: CalculationWidget,
  location: LocationWidget,
  eSign: ESignWidget,
  files: FilesWidget,
  ghgEmission: GhgEmissionWidget,
  weightMeasurement: WeightMeasurementWidget,
} as { [T in CustomFieldType]: ComponentType<FieldWidgetProps<never>> };

export class UnknownFieldTypeError extends Error {
  constructor(readonly fieldType: string) {
    super(`No widget for field type '${fieldType}'. Known types: ${CUSTOM_FIELD_TYPES.join(', ')}.`);
    this.name = 'UnknownFieldTypeError';
  }
}

/** The widget of a field type; throws UnknownFieldTypeError for a type the registry does not know. */
export function widgetFor(type: string): ComponentType<FieldWidgetProps<never>> {
  const widget = (WIDGETS as Record<string, ComponentType<FieldWidgetProps<never>> | undefined>)[type];
  if (!widget) throw new UnknownFieldTypeError(type);
  return widget;
}

/** The registered types (tests check compiled uiSchemas name only these). */
export const registeredFieldTypes = (): string[] => Object.keys(WIDGETS);

/** rjsf `fields` for the Form: one `ui:field` per field type. */
export const rjsfFields: Record<string, ComponentType<FieldProps>> = Object.fromEntries(
  Object.entries(WIDGETS).map(([type, widget]) => [type, asRjsfField(widget as ComponentType<FieldWidgetProps<unknown>>)]),
);
