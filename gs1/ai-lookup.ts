import { AI_TABLE } from './ai-table';
import type { AiEntry } from './types';

const BY_AI = new Map(AI_TABLE.map((entry) => [entry.ai, entry]));

/** The table entry of an AI, if GS1 defines it. */
export const aiEntry = (ai: string): AiEntry | undefined => BY_AI.get(ai);

/** The AI at the start of element-string data (AIs are prefix-free: two to four digits). */
export function aiAtStart(data: string): AiEntry | undefined {
  for (let length = 2; length <= 4; length += 1) {
    const entry = BY_AI.get(data.slice(0, length));
    if (entry) return entry;
  }
  return undefined;
}

export const minLength = (entry: AiEntry) => entry.parts.reduce((sum, part) => sum + (part.optional ? 0 : part.min), 0);
export const maxLength = (entry: AiEntry) => entry.parts.reduce((sum, part) => sum + part.max, 0);
