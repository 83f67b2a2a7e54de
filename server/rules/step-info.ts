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

/**
 * A built-in form compiled once per stage. The package form as an optional trackpoint draws it
 * checks what is sent (see packageErrors); the required one, whose measures must be above 0,
 * checks what a trackpoint that requires package information is given (assertRequiredInfo).
 */
function builtinForm(form: 'address' | 'package', stage: FormStage, packageRequired = false): CompiledForm {
  const key = `${form}/${stage}/${packageRequired}`;
  let found = compiled.get(key);
  if (!found) {
    const ref: FormRef =
      form === 'address'
        ? { form, barcodeType: BUILTIN_TYPE, stage }
        : { form, barcodeType: BUILTIN_TYPE, stage, packageRequired, withActivationFields: false };
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

/** The sizes and weight sent, under the package form's keys (a weight inside `dimension` is not one). */
function measuresOf(info: StepInfo): Record<string, unknown> {
  const sizes = Object.entries(info.dimension ?? {}).filter(([key]) => key !== WEIGHT_KEY);
  return Object.fromEntries(info.weight === undefined ? sizes : [...sizes, [WEIGHT_KEY, info.weight]]);
}

/** The package form's codes under the API's names: the sizes under `dimension.<size>`, the weight under `weight`. */
const packagePaths = (errors: Record<string, number[]>): Record<string, number[]> =>
  Object.fromEntries(
    Object.entries(errors).map(([key, codes]) => [key === WEIGHT_KEY ? key : `dimension.${key}`, codes]),
  );

/**
 * Problems of the package information: the sizes under `dimension.<size>`, the weight under
 * `weight`. A dimension sent must hold every size and nothing else; which parts a trackpoint
 * needs at all, and that they are above 0 there, is for assertRequiredInfo.
 */
function packageErrors(info: StepInfo, stage: FormStage): Record<string, number[]> {
  const form = builtinForm('package', stage);
  const sizes = form.fields.map((field) => field.key).filter((key) => key !== WEIGHT_KEY);
  const errors: Record<string, number[]> = {};
  if (info.dimension !== undefined) {
    for (const key of Object.keys(info.dimension))
      if (!sizes.includes(key)) errors[`dimension.${key}`] = [ErrorCode.invalidKey];
    for (const size of sizes)
      if (!Object.hasOwn(info.dimension, size)) errors[`dimension.${size}`] = [ErrorCode.emptyField];
  }
  const data = Object.fromEntries(
    Object.entries(measuresOf(info)).filter(([key]) => key === WEIGHT_KEY || sizes.includes(key)),
  );
  return { ...errors, ...packagePaths(formErrors(form, data)) };
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
 * package information that is missing, ErrorCode.valueGreaterThan for a required size or weight
 * that is not above 0, and ErrorCode.invalidCountry (on `origin.country` /
 * `destination.country`) for a country that is not one of the ISO 3166-1 alpha-3 codes.
 */
export function assertRequiredInfo(point: TrackPoint, info: StepInfo): void {
  const missing =
    (point.requireOrigin && !info.origin) ||
    (point.requireDestination && !info.destination) ||
    (point.requirePackageInfo && (!info.dimension || info.weight === undefined));
  if (missing) throw commonFailure(ErrorCode.insufficientInfoToStart);
  if (point.requirePackageInfo) {
    // The form the phone draws for this trackpoint: every measure above 0.
    const errors = formErrors(builtinForm('package', 'tracking', true), measuresOf(info));
    if (Object.keys(errors).length > 0) throw new ApiFailure(400, packagePaths(errors));
  }
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
