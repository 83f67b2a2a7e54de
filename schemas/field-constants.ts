/**
 * Names of the configuration format that the client needs at run time (plain values, no schema
 * library): field visibilities, input patterns, reader, file and GHG kinds, icons, user types.
 * What each means for admins is in the format's descriptions (schemas/custom-field.ts,
 * schemas/project-config.ts) and the reference made from them, docs/admins/configuration.md.
 */

/** Keys of barcode types, trackpoints, forms and fields: a letter, then letters, digits or _. */
export const IDENTIFIER_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,63}$';

export const FIELD_VISIBILITIES = ['visible', 'hidden', 'visibleWhenLoggedIn', 'unknown'] as const;

/** The nine input patterns of text fields, with the characters each allows. */
export const INPUT_PATTERN_REGEX = {
  digits: '^[0-9]*$',
  digitsDash: '^[0-9-]*$',
  digitsUnderscore: '^[0-9_]*$',
  letters: '^[A-Za-z]*$',
  lettersDash: '^[A-Za-z-]*$',
  lettersUnderscore: '^[A-Za-z_]*$',
  lettersDigits: '^[A-Za-z0-9]*$',
  lettersDigitsDash: '^[A-Za-z0-9-]*$',
  lettersDigitsUnderscore: '^[A-Za-z0-9_]*$',
} as const;
export type InputPattern = keyof typeof INPUT_PATTERN_REGEX;
export const INPUT_PATTERNS = Object.keys(INPUT_PATTERN_REGEX) as InputPattern[];

export const READER_KINDS = ['barcode', 'ocr'] as const;
export const FILE_KINDS = ['image', 'barcodeScanFrame', 'photoOnly', 'other'] as const;
export const GHG_CALCULATION_TYPES = ['fuel', 'fuelEfficiency', 'modifiedTonkilo', 'tonkilo'] as const;

export const ICON_KINDS = [
  'node',
  'leaf',
  'orphan',
  'vaccine',
  'truck',
  'container',
  'timetable',
  'inventory',
  'warehouse',
  'rack',
  'forklift',
  'packages',
  'package',
  'paper',
  'person',
  'train',
  'ship',
  'airplane',
] as const;

export const USER_TYPES = ['staff', 'carrier', 'client'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Where a form is filled: some rules differ between them. */
export const FORM_STAGES = ['activation', 'edit', 'tracking'] as const;
export type FormStage = (typeof FORM_STAGES)[number];

/** An input mask holds at least one slot (9 a digit, a a letter, * either): literals only would accept one fixed text. */
export const MASK_PATTERN = '[9a*]';

/** A path on this site (`/overlays/frame.svg`): not another site's address (`//host`, `https:`). */
export const SITE_PATH_PATTERN = '^/[^/\\\\\\s"<>]';
