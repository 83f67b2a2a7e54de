import type { Project } from '@schemas/api/project';
import type { CustomField } from '@schemas/project-config';
import type { SearchCriteria } from '../api/search';

/** What the search screen's inputs hold; every value is text, as the URL query keeps it. */
export interface SearchForm {
  text: string;
  barcodeType: string;
  trackPointKey: string;
  /** '' either, 'yes' activated, 'no' not activated. */
  activated: '' | 'yes' | 'no';
  dateKind: 'activation' | 'lastStep';
  /** Days (YYYY-MM-DD) in the phone's time zone, both included. */
  from: string;
  to: string;
  externalId: string;
  trackingNumber: string;
  fieldKey: string;
  fieldValue: string;
}

export const EMPTY_SEARCH: SearchForm = {
  text: '',
  barcodeType: '',
  trackPointKey: '',
  activated: '',
  dateKind: 'activation',
  from: '',
  to: '',
  externalId: '',
  trackingNumber: '',
  fieldKey: '',
  fieldValue: '',
};

const KEYS = Object.keys(EMPTY_SEARCH) as (keyof SearchForm)[];

/** The form a URL query holds (the search screen keeps its criteria there, so Back from a result returns to them). */
export function formFromQuery(query: URLSearchParams): SearchForm {
  const form = { ...EMPTY_SEARCH };
  for (const key of KEYS) {
    const value = query.get(key);
    if (value !== null) (form as Record<string, string>)[key] = value;
  }
  if (!['', 'yes', 'no'].includes(form.activated)) form.activated = '';
  if (form.dateKind !== 'lastStep') form.dateKind = 'activation';
  return form;
}

/** The query of a search made: what is filled in, and the page (from 1; its presence says a search was made). */
export function queryFromForm(form: SearchForm, page: number): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of KEYS) if (form[key] !== EMPTY_SEARCH[key]) query.set(key, form[key]);
  query.set('page', String(page));
  return query;
}

/** The page a query names: null when no search was made yet. */
export function pageFromQuery(query: URLSearchParams): number | null {
  const page = query.get('page');
  if (page === null) return null;
  const n = Number(page);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The start of a local day, or the last millisecond of it, as an instant; undefined for no or a malformed day. */
export function dayBound(day: string, end: boolean): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = end ? new Date(y, m, d, 23, 59, 59, 999) : new Date(y, m, d);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const trimmed = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** The criteria of POST /barcode/search for a form: blank inputs say nothing. */
export function criteriaOf(projectId: string, form: SearchForm): SearchCriteria {
  const from = dayBound(form.from, false);
  const to = dayBound(form.to, true);
  const dates =
    form.dateKind === 'activation' ? { activatedFrom: from, activatedTo: to } : { lastStepFrom: from, lastStepTo: to };
  const fieldValue = trimmed(form.fieldValue);
  const criteria: SearchCriteria = {
    projectId,
    text: trimmed(form.text),
    barcodeType: form.barcodeType || undefined,
    trackPointKey: form.trackPointKey || undefined,
    isActivated: form.activated === '' ? undefined : form.activated === 'yes',
    ...dates,
    externalId: trimmed(form.externalId),
    trackingNumber: trimmed(form.trackingNumber),
    fields: form.fieldKey && fieldValue ? [{ key: form.fieldKey, value: fieldValue }] : undefined,
  };
  return Object.fromEntries(Object.entries(criteria).filter(([, v]) => v !== undefined)) as SearchCriteria;
}

/** Field types whose values are no text to look for (files, signatures, places). */
const NOT_SEARCHABLE: readonly CustomField['type'][] = ['files', 'eSign', 'location'];

/**
 * The activation fields one may search by: of the chosen type, or of every type (each key once),
 * never a hidden one (the server would find nothing there anyway) nor one without text.
 */
export function searchableFields(project: Project, barcodeType: string): CustomField[] {
  const types = barcodeType
    ? [project.barcodeTypes[barcodeType]].filter((t) => t !== undefined)
    : Object.values(project.barcodeTypes);
  const byKey = new Map<string, CustomField>();
  for (const type of types) {
    for (const field of type.activationFields) {
      if (field.visibility === 'hidden' || NOT_SEARCHABLE.includes(field.type) || byKey.has(field.key)) continue;
      byKey.set(field.key, field);
    }
  }
  return [...byKey.values()];
}

/** The trackpoints one may filter by: the chosen type's, or every type's (each key once, first name wins). */
export function trackPointChoices(
  project: Project,
  barcodeType: string,
): { key: string; name: Record<string, string> }[] {
  const types = barcodeType
    ? [project.barcodeTypes[barcodeType]].filter((t) => t !== undefined)
    : Object.values(project.barcodeTypes);
  const byKey = new Map<string, { key: string; name: Record<string, string> }>();
  for (const type of types)
    for (const p of type.trackPoints) if (!byKey.has(p.key)) byKey.set(p.key, { key: p.key, name: p.name });
  return [...byKey.values()];
}
