/** NUL and other characters no keyboard types, and UTF-16 halves without their other half. */
const UNTYPEABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const isUntypeable = (text: string): boolean => UNTYPEABLE.test(text);

/** A value still to look at and its dotted path, or (`found`) a path already known to be reported. */
type Pending = { value: unknown; path: string } | { found: string };

/**
 * The dotted paths (`origin.address1`, `$common` for the whole value) of a request's parts no
 * user could have typed: text with NUL or a lone surrogate (PostgreSQL cannot store either),
 * numbers that are not finite (JSON's `1e309` parses as Infinity), and keys holding either kind
 * of text. Walks objects and arrays depth first, in order; anything else is left to the schema.
 * The walk keeps its own stack rather than recursing, so no nesting of the input can exhaust the
 * call stack.
 */
export function untypeableValues(value: unknown): string[] {
  const found: string[] = [];
  const pending: Pending[] = [{ value, path: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if ('found' in next) {
      found.push(next.found);
      continue;
    }
    const here = next.path || '$common';
    const item = next.value;
    if (typeof item === 'string') {
      if (isUntypeable(item)) found.push(here);
    } else if (typeof item === 'number') {
      if (!Number.isFinite(item)) found.push(here);
    } else if (typeof item === 'object' && item !== null) {
      // An array's entries are its indexes and items, in order.
      const entries = Object.entries(item);
      // Pushed last first, so they are taken in order; a key no one can type names its object.
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, entry] = entries[index] as [string, unknown];
        pending.push(
          isUntypeable(key) ? { found: here } : { value: entry, path: next.path ? `${next.path}.${key}` : key },
        );
      }
    }
  }
  return found;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text nests arrays and objects deeper than `limit` (`[]` is one level, `[[]]` two),
 * read in one pass before the text is parsed: brackets inside strings (escaped quotes included)
 * do not count. Text that is not JSON may be judged either way; the parser refuses it anyway.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index += 1;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_BRACKET || char === OPEN_BRACE) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === CLOSE_BRACKET || char === CLOSE_BRACE) depth -= 1;
  }
  return false;
}
