import englishMessages from '@locales/en/config.json';

/** Message keys of configuration problems (locales/<lang>/config.json). */
export type ProblemKey = keyof typeof englishMessages;
export type ProblemValues = Record<string, string | number>;

/**
 * One thing wrong with a configuration: where (a JSON pointer) and what, as a message key with
 * its values (translated by the playground) and in English (the QA command and server log).
 */
export interface ConfigProblem {
  pointer: string;
  key: ProblemKey;
  values: ProblemValues;
  message: string;
}

/** Fills a message template's {{placeholders}}. */
export function formatProblem(template: string, values: ProblemValues): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

export function problem(pointer: string, key: ProblemKey, values: ProblemValues = {}): ConfigProblem {
  return { pointer, key, values, message: formatProblem(englishMessages[key], values) };
}
