import type { TFunction } from 'i18next';
import type { CustomFieldType } from '@schemas/custom-field';
import type { Language } from '@schemas/languages';
import type { ProjectConfig } from '@schemas/project-config';
import type { Report } from '@schemas/api/admin-config';
import { FIELD_TYPE_LABELS } from './builder-form';

/**
 * A compatibility report's changes in the admin's words, for the confirmations of discard, publish
 * in place and roll back: built from each change as data (the report's `change`, the server's diff)
 * and the two configurations it compares, so a field is named by its label and key, a form and a
 * trackpoint by their names, in the admin's language. Without the configurations (they could not
 * be read) names fall back to keys; an unknown kind of change keeps the server's sentence.
 */

type Change = Report['changes'][number];

interface Place {
  barcodeType: string;
  trackPoint?: string;
  form?: string;
}

/** The change as data, as far as the words need it (server/rules/config-diff.ts ConfigChange). */
interface ChangeData {
  kind: string;
  place?: Place;
  field?: string;
  from?: string;
  to?: string;
  fieldType?: string;
  required?: boolean;
  values?: string[];
  properties?: string[];
}

/** The configuration before the change and after it (either may be missing). */
export interface ComparedConfigs {
  before: ProjectConfig | null;
  after: ProjectConfig | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A configured text in `language` (else English, else any language it has). */
function textIn(value: unknown, language: Language): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (!isObject(value)) return undefined;
  const found = [value[language], value.en, ...Object.values(value)].find((v) => typeof v === 'string' && v !== '');
  return found as string | undefined;
}

/** What the words look things up in: the configuration after the change first, then the one before. */
function lookup(configs: ComparedConfigs) {
  const all = [configs.after, configs.before].filter((c): c is ProjectConfig => c !== null);
  const type = (key: string) => all.map((c) => c.barcodeTypes[key]).find((t) => t !== undefined);
  const points = (key: string) => all.flatMap((c) => c.barcodeTypes[key]?.trackPoints ?? []);
  const point = (place: Place) => points(place.barcodeType).find((p) => p.key === place.trackPoint);
  const form = (place: Place) =>
    points(place.barcodeType)
      .filter((p) => p.key === place.trackPoint)
      .flatMap((p) => p.trackPointForms)
      .find((f) => f.key === place.form);
  const fields = (place: Place, config: ProjectConfig) => {
    const t = config.barcodeTypes[place.barcodeType];
    if (!t) return [];
    if (place.trackPoint === undefined) return t.activationFields;
    return (
      t.trackPoints.find((p) => p.key === place.trackPoint)?.trackPointForms.find((f) => f.key === place.form)
        ?.customFields ?? []
    );
  };
  const field = (place: Place, key: string, from: 'after' | 'before' | 'either' = 'either') => {
    const where =
      from === 'after' ? [configs.after] : from === 'before' ? [configs.before] : [configs.after, configs.before];
    return where
      .filter((c): c is ProjectConfig => c !== null && c !== undefined)
      .map((c) => fields(place, c).find((f) => f.key === key))
      .find((f) => f !== undefined);
  };
  return { type, point, form, field };
}

/** The sentences of a report's changes, in order, in the admin's language. */
export function changesInWords(
  changes: readonly Change[],
  configs: ComparedConfigs,
  language: Language,
  t: TFunction<'admin'>,
): string[] {
  const find = lookup(configs);
  const typeName = (key: string) => textIn(find.type(key)?.name, language) ?? key;
  const pointName = (place: Place) => textIn(find.point(place)?.name, language) ?? place.trackPoint ?? '';
  const formWords = (place: Place) => {
    const type = typeName(place.barcodeType);
    if (place.trackPoint === undefined) return t('config.change.activation', { type });
    const form = textIn(find.form(place)?.name, language);
    const trackPoint = pointName(place);
    return form
      ? t('config.change.form', { form, trackPoint, type })
      : t('config.change.formUnnamed', { trackPoint, type });
  };
  // A field by its label and key (and its type, for a field added), else by its key alone.
  const fieldWords = (place: Place, key: string, from?: 'after' | 'before', fieldType?: string) => {
    const label = textIn(find.field(place, key, from)?.label, language);
    if (!label) return fieldType ? `${key} (${fieldType})` : key;
    return fieldType
      ? t('config.change.fieldWithType', { label, key, fieldType })
      : t('config.change.field', { label, key });
  };
  const typeWords = (type: string | undefined) =>
    type && type in FIELD_TYPE_LABELS ? FIELD_TYPE_LABELS[type as CustomFieldType][language] : (type ?? '');
  // An option's label from the configuration that has it (a removed option only the one before).
  const optionWords = (place: Place, key: string, values: readonly string[]) => {
    const options = (['after', 'before'] as const).flatMap(
      (side) =>
        ((find.field(place, key, side) ?? {}) as { options?: { value: string; label?: unknown }[] }).options ?? [],
    );
    return values.map((v) => textIn(options.find((o) => o.value === v)?.label, language) ?? v).join(', ');
  };
  // The trackpoints' order, before and after: an order change without a form is theirs when it moved.
  const pointOrder = (typeKey: string, config: ProjectConfig | null) =>
    (config?.barcodeTypes[typeKey]?.trackPoints ?? []).map((p) => p.key).join('\n');

  return changes.map((reported) => {
    const change = reported.change as unknown as ChangeData;
    const place = change.place;
    const properties = (change.properties ?? []).join(', ');
    const sentence = (() => {
      if (!place) return change.kind === 'settingsChanged' ? t('config.change.settingsChanged', { properties }) : null;
      const type = typeName(place.barcodeType);
      const trackPoint = pointName(place);
      const key = change.field ?? '';
      switch (change.kind) {
        case 'barcodeTypeAdded':
        case 'barcodeTypeRemoved':
          return t(`config.change.${change.kind}`, { type });
        case 'trackPointAdded':
        case 'trackPointRemoved':
          return t(`config.change.${change.kind}`, { type, trackPoint });
        case 'trackPointRulesChanged':
          return t('config.change.trackPointRulesChanged', { type, trackPoint, properties });
        case 'barcodeTypeRulesChanged':
          return t('config.change.barcodeTypeRulesChanged', { type, properties });
        case 'fieldAdded':
          return t(change.required ? 'config.change.fieldAddedRequired' : 'config.change.fieldAdded', {
            field: fieldWords(place, key, 'after', typeWords(change.fieldType)),
            form: formWords(place),
          });
        case 'fieldRemoved':
          return t('config.change.fieldRemoved', { field: fieldWords(place, key, 'before'), form: formWords(place) });
        case 'fieldRenamed':
          return t('config.change.fieldRenamed', {
            from: fieldWords(place, change.from ?? '', 'before'),
            field: fieldWords(place, key, 'after'),
            form: formWords(place),
          });
        case 'fieldTypeChanged':
          return t('config.change.fieldTypeChanged', {
            field: fieldWords(place, key),
            form: formWords(place),
            from: typeWords(change.from),
            to: typeWords(change.to),
          });
        case 'fieldMadeRequired':
        case 'fieldMadeOptional':
          return t(`config.change.${change.kind}`, { field: fieldWords(place, key), form: formWords(place) });
        case 'fieldRulesChanged':
          return t('config.change.fieldRulesChanged', {
            field: fieldWords(place, key),
            form: formWords(place),
            properties,
          });
        case 'labelsChanged':
          if (key !== '')
            return t('config.change.labelsChanged', {
              field: fieldWords(place, key),
              form: formWords(place),
              properties,
            });
          return place.trackPoint === undefined
            ? t('config.change.typeNameChanged', { type })
            : t('config.change.trackPointNameChanged', { type, trackPoint });
        case 'orderChanged':
          if (place.trackPoint !== undefined) return t('config.change.fieldOrderChanged', { form: formWords(place) });
          return pointOrder(place.barcodeType, configs.before) !== pointOrder(place.barcodeType, configs.after)
            ? t('config.change.trackPointOrderChanged', { type })
            : t('config.change.fieldOrderChanged', { form: formWords(place) });
        case 'optionsAdded':
        case 'optionsRemoved':
          return t(`config.change.${change.kind}`, {
            field: fieldWords(place, key),
            form: formWords(place),
            values: optionWords(place, key, change.values ?? []),
          });
        default:
          return null;
      }
    })();
    if (sentence === null) return reported.text;
    return reported.affected !== null ? t('config.change.stored', { sentence, count: reported.affected }) : sentence;
  });
}
