import type { TFunction } from 'i18next';
import type { Project } from '@schemas/api/project';
import {
  aiTitle,
  fieldValueOf,
  parseGs1,
  toBracketed,
  toDigitalLinkUri,
  type Gs1Element,
  type Gs1Parse,
  type Gs1Problem,
} from '@gs1';

export type Gs1Data = Extract<Gs1Parse, { status: 'ok' }>;

/**
 * The external id a barcode carrying GS1 data is known by: an SSCC's 18 digits (a logistic unit
 * is its SSCC); for any other key, the canonical GS1 Digital Link URI of the key and its
 * qualifiers (https://id.gs1.org/01/{gtin}/10/{lot}/21/{serial}: data attributes such as the
 * expiry are not identity); without a key, the bracketed element strings.
 */
export function gs1ExternalId(gs1: Gs1Data): string {
  if (gs1.primaryKey?.ai === '00') return gs1.primaryKey.value;
  if (gs1.primaryKey) return toDigitalLinkUri({ ...gs1, attributes: [] })!;
  return toBracketed(gs1.elements);
}

/**
 * The activation values GS1 data give, by each barcode type's `gs1Mapping` (AI -> field key),
 * converted to the field's type (dates as YYYY-MM-DD, numbers as numbers). Keys of every type
 * are kept: the activation sends only the chosen type's own fields.
 */
export function gs1Prefill(project: Project, elements: readonly Gs1Element[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const type of Object.values(project.barcodeTypes)) {
    for (const [ai, key] of Object.entries(type.gs1Mapping ?? {})) {
      const element = elements.find((e) => e.ai === ai);
      const field = type.activationFields.find((f) => f.key === key);
      if (element && field && values[key] === undefined) values[key] = fieldValueOf(ai, element.value, field.type);
    }
  }
  return values;
}

/** Why GS1 data cannot be used, one line per problem, in the user's language (which AI, why). */
export function describeGs1Problems(t: TFunction<'barcode'>, problems: readonly Gs1Problem[]): string {
  return problems
    .map((p) => t(`gs1.problem.${p.code}`, { ai: p.ai ?? '', title: p.ai ? aiTitle(p.ai) : '', other: p.other ?? '' }))
    .join('\n');
}

export { parseGs1, aiTitle };
