import type { CustomField } from '@schemas/custom-field';
import { isRecord } from '../field-types/field-type';
import { calculateGhg, type GhgInputs } from './calculate';
import type { GhgFactorOverrides } from './factors';

/** What the server writes into a GHG emission value; whatever the client sent under these keys is dropped. */
const COMPUTED_KEYS = ['emission', 'gases', 'factorTableVersion'] as const;

/** A GHG value without the computed keys (a client's emission is never kept). */
export function withoutComputedGhg(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const rest: Record<string, unknown> = { ...value };
  for (const key of COMPUTED_KEYS) delete rest[key];
  return rest;
}

/**
 * Computes the emission of every filled GHG emission field of a form (server side, after the
 * schema check), replacing what the client sent. A field left empty (no inputs) stays without
 * an emission; a filled one with bad or missing inputs gets the calculation's codes under the
 * field's key (ghgUnsupportedCalculationType and ghgFactorMissing included). `skip`: fields the
 * schema check already refused.
 */
export function applyGhgEmissions(
  fields: readonly CustomField[],
  input: Record<string, unknown>,
  overrides: GhgFactorOverrides,
  skip: ReadonlySet<string>,
): { data: Record<string, unknown>; errors: Record<string, number[]> } {
  const data = { ...input };
  const errors: Record<string, number[]> = {};
  for (const field of fields) {
    if (field.type !== 'ghgEmission' || skip.has(field.key) || !Object.hasOwn(data, field.key)) continue;
    const value = withoutComputedGhg(data[field.key]);
    if (!isRecord(value)) continue;
    data[field.key] = value;
    if (Object.keys(value).length === 0) continue;
    const outcome = calculateGhg(field.calculationType, value as GhgInputs, overrides);
    if (!outcome.ok) {
      errors[field.key] = [...new Set(Object.values(outcome.errors).flat())];
      continue;
    }
    const { emission, gases, factorTableVersion } = outcome.result;
    data[field.key] = { ...value, emission, gases, factorTableVersion };
  }
  return { data, errors };
}
