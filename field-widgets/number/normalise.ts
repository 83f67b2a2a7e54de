/** Parses what a user typed ('1,234.5', ' 12 ') into a number, or undefined when it is not one. */
export function parseTyped(text: string): number | undefined {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '' || cleaned === '-' || cleaned === '.') return undefined;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : undefined;
}
