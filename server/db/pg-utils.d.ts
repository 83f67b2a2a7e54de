/** node-postgres's own conversion of a JavaScript value to a query parameter (it ships no types for it). */
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
