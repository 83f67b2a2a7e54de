import { IDENTIFIER_PATTERN } from './field-constants';

/**
 * Names every plain JavaScript object already answers to: the members of Object.prototype, and
 * `prototype`. Looked up on a plain object, such a name finds a function (or the prototype
 * itself) instead of nothing, so a key that came from a request or a configuration is looked up
 * with `ownValue`, and the configuration format refuses these as names (`NAME_PATTERN`).
 */
export const RESERVED_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
] as const;

/** Whether a name is one of RESERVED_NAMES. */
export const isReservedName = (name: string): boolean => (RESERVED_NAMES as readonly string[]).includes(name);

/**
 * A name in the configuration (the key of a barcode type, trackpoint, form or field): an
 * identifier (IDENTIFIER_PATTERN) that is none of RESERVED_NAMES.
 */
export const NAME_PATTERN = `^(?!(?:${RESERVED_NAMES.join('|')})$)${IDENTIFIER_PATTERN.slice(1)}`;

/**
 * The value `record` holds under `key` itself, never one it inherits (`constructor`,
 * `toString`...); undefined when it holds none or there is no record.
 */
export function ownValue<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined;
}
