import { lazy, createElement, Suspense, type ComponentType } from 'react';
import type { FieldProps } from '@rjsf/utils';
import type { CustomFieldType } from '@schemas/custom-field';
import { FIELD_TYPE_NAMES, type FieldOptions } from '@renderer';
import { asRjsfField } from './adapter';
import type { FieldWidgetProps, WidgetProps } from './types';
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
function DateWidget(props: WidgetProps<'date', string>) {
  return createElement(Suspense, { fallback: null }, createElement(LazyDate, props));
}

/** A widget of field type T, whatever value type it holds. */
type WidgetOf<T extends CustomFieldType> = ComponentType<FieldWidgetProps<never, FieldOptions<T>>>;

/**
 * Field type -> widget: every custom field type has exactly one, reading the options its
 * renderer file (renderer/field-types/<type>.ts) puts in `ui:options`; a type without a widget
 * does not compile. The signature pad loads when Sign is tapped, the date picker with the first
 * date field.
 */
const WIDGETS: { [T in CustomFieldType]: WidgetOf<T> } = {
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
};

export class UnknownFieldTypeError extends Error {
  constructor(readonly fieldType: string) {
    super(`No widget for field type '${fieldType}'. Known types: ${FIELD_TYPE_NAMES.join(', ')}.`);
    this.name = 'UnknownFieldTypeError';
  }
}

/** Any field type's widget, as the form sees it: rjsf hands each the options its `ui:field` type was compiled with. */
type AnyWidget = ComponentType<FieldWidgetProps<never, never>>;

/** The widget of a field type; throws UnknownFieldTypeError for a type the registry does not know. */
export function widgetFor(type: string): AnyWidget {
  if (!Object.hasOwn(WIDGETS, type)) throw new UnknownFieldTypeError(type);
  return WIDGETS[type as CustomFieldType] as AnyWidget;
}

/** The registered types (tests check compiled uiSchemas name only these). */
export const registeredFieldTypes = (): string[] => Object.keys(WIDGETS);

/** rjsf `fields` for the Form: one `ui:field` per field type. */
export const rjsfFields: Record<string, ComponentType<FieldProps>> = Object.fromEntries(
  Object.entries(WIDGETS).map(([type, widget]) => [
    type,
    asRjsfField(widget as ComponentType<FieldWidgetProps<unknown, object>>),
  ]),
);
