import { COUNTRY_CODES } from '../../schemas/countries';
import { ErrorCode } from '../../schemas/error-codes';
import type { FormStage } from '../../schemas/field-constants';
import type { TrackPoint } from '../../schemas/project-config';
import { compileForm, errorsToCodes, type CompiledForm, type FormRef, type FormSource } from '../../renderer';
import { validatorFor } from '../../renderer/validate';
import { ApiFailure, commonFailure, fieldFailure } from './api-failure';
import { SERVER_VIEWER } from './projects';

/** Addresses and package information given with an activation or a tracking step. */
export interface StepInfo {
  origin?: Record<string, unknown>;
  destination?: Record<string, unknown>;
  dimension?: Record<string, unknown>;
  weight?: number;
}

/**
 * The built-in forms are the same in every project and barcode type (renderer/builtin-forms.ts),
 * so they are compiled without one: the check runs before any project is read.
 */
const BUILTIN: FormSource = { code: 'builtin', version: 1, barcodeTypes: {} };
const BUILTIN_TYPE = 'builtin';

/** The API sends the package form's weight on its own, and its other measures (the sizes) inside `dimension`. */
const WEIGHT_KEY = 'weight';

/** Three capital letters: the shape of an ISO alpha-3 code, whether or not the code exists. */
const ALPHA3_SHAPE = /^[A-Z]{3}$/;
const COUNTRIES: ReadonlySet<unknown> = new Set(COUNTRY_CODES);

const compiled = new Map<string, CompiledForm>();

/** A built-in form compiled once per stage; the package form with every measure required (see packageErrors). */
function builtinForm(form: 'address' | 'package', stage: FormStage): CompiledForm {
  const key = `${form}/${stage}`;
  let found = compiled.get(key);
  if (!found) {
    const ref: FormRef =
      form === 'address'
        ? { form, barcodeType: BUILTIN_TYPE, stage }
        : { form, barcodeType: BUILTIN_TYPE, stage, packageRequired: true, withActivationFields: false };
    found = compileForm(BUILTIN, ref, SERVER_VIEWER);
    compiled.set(key, found);
  }
  return found;
}

/**
 * Catalogue codes by field for data as sent. The compiled schema checks the values exactly as
 * they will be stored: the renderer's validateFormData would first round numbers to the field's
 * precision (as the phone's widgets do), which would let 100000.04 pass a maximum of 100000.
 */
function formErrors(form: CompiledForm, data: Record<string, unknown>): Record<string, number[]> {
  const validate = validatorFor(form);
  return validate(data) ? {} : errorsToCodes(validate.errors ?? []);
}

const prefixed = (prefix: string, errors: Record<string, number[]>): Record<string, number[]> =>
  Object.fromEntries(Object.entries(errors).map(([key, codes]) => [`${prefix}.${key}`, codes]));

/** Problems of one address, under `origin.<field>` or `destination.<field>`. */
function addressErrors(
  side: 'origin' | 'destination',
  address: Record<string, unknown>,
  stage: FormStage,
): Record<string, number[]> {
  const errors = formErrors(builtinForm('address', stage), address);
  // A code of the right shape that is no country is answered later, as ErrorCode.invalidCountry,
  // with the trackpoint's other requirements (assertRequiredInfo); anything else is malformed now.
  if (typeof address.country === 'string' && ALPHA3_SHAPE.test(address.country)) delete errors.country;
  return prefixed(side, errors);
}

/**
 * Problems of the package information: the sizes under `dimension.<size>`, the weight under
 * `weight`. A dimension sent must hold every size and nothing else; which parts a trackpoint
 * needs at all is for assertRequiredInfo.
 */
function packageErrors(info: StepInfo, stage: FormStage): Record<string, number[]> {
  const form = builtinForm('package', stage);
  const sizes = form.fields.map((field) => field.key).filter((key) => key !== WEIGHT_KEY);
  const errors: Record<string, number[]> = {};
  const data: Record<string, unknown> = info.weight === undefined ? {} : { [WEIGHT_KEY]: info.weight };
  for (const [key, value] of Object.entries(info.dimension ?? {})) {
    if (sizes.includes(key)) data[key] = value;
    else errors[`dimension.${key}`] = [ErrorCode.invalidKey];
  }
  for (const [key, codes] of Object.entries(formErrors(form, data))) {
    const isSize = key !== WEIGHT_KEY;
    // The form requires every measure; only the part that was sent is checked here.
    if ((isSize ? info.dimension : info.weight) === undefined) continue;
    errors[isSize ? `dimension.${key}` : key] = codes;
  }
  return errors;
}

/**
 * Checks the addresses, sizes and weight of a step with the renderer's built-in forms, the ones
 * the phone draws (renderer/builtin-forms.ts), so the server refuses what the phone would have
 * refused, with the same codes. Throws 400 with every problem found, by field
 * (`origin.address1`, `dimension.depth`, `weight`).
 */
export function assertStepInfoWellFormed(info: StepInfo, stage: FormStage): void {
  const errors = {
    ...(info.origin !== undefined ? addressErrors('origin', info.origin, stage) : {}),
    ...(info.destination !== undefined ? addressErrors('destination', info.destination, stage) : {}),
    ...packageErrors(info, stage),
  };
  if (Object.keys(errors).length > 0) throw new ApiFailure(400, errors);
}

/**
 * Throws ErrorCode.insufficientInfoToStart when a trackpoint requires origin, destination or
 * package information that is missing, and ErrorCode.invalidCountry (on `origin.country` /
 * `destination.country`) for a country that is not one of the ISO 3166-1 alpha-3 codes.
 */
export function assertRequiredInfo(point: TrackPoint, info: StepInfo): void {
  const missing =
    (point.requireOrigin && !info.origin) ||
    (point.requireDestination && !info.destination) ||
    (point.requirePackageInfo && (!info.dimension || info.weight === undefined));
  if (missing) throw commonFailure(ErrorCode.insufficientInfoToStart);
  for (const side of ['origin', 'destination'] as const) {
    const country = info[side]?.country;
    if (country !== undefined && !COUNTRIES.has(country))
      throw fieldFailure(`${side}.country`, ErrorCode.invalidCountry);
  }
}

/** The step's addresses and package information, as stored (absent ones left out). */
export function stepInfo(info: StepInfo): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries({
      origin: info.origin,
      destination: info.destination,
      dimension: info.dimension,
      weight: info.weight,
    }).filter(([, v]) => v !== undefined),
  );
}
