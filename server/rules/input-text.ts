/** NUL and other characters no keyboard types, and UTF-16 halves without their other half. */
const UNTYPEABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const isUntypeable = (text: string): boolean => UNTYPEABLE.test(text);

/**
 * The dotted paths (`origin.address1`, `$common` for the whole value) of a request's parts no
 * user could have typed: text with NUL or a lone surrogate (PostgreSQL cannot store either),
 * numbers that are not finite (JSON's `1e309` parses as Infinity), and keys holding either kind
 * of text. Walks objects and arrays; anything else is left to the schema.
 */
export function untypeableValues(value: unknown, path = ''): string[] {
  const here = path || '$common';
  if (typeof value === 'string') return isUntypeable(value) ? [here] : [];
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [here];
  if (Array.isArray(value))
    return value.flatMap((item, index) => untypeableValues(item, path ? `${path}.${index}` : String(index)));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const keyPath = path ? `${path}.${key}` : key;
    return isUntypeable(key) ? [path || '$common'] : untypeableValues(item, keyPath);
  });
}
