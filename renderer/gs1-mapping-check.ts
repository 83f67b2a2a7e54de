import type { ProjectConfig } from '@schemas/project-config';
import { aiKind } from '../gs1/ai-kind';
import { pointerSegment as escape } from './forms';
import { problem, type ConfigProblem } from './problems';

/** Field types a GS1 value can fill, per kind of AI value (gs1/ai-kind.ts). */
const FILLS = {
  date: ['text', 'date'],
  number: ['text', 'number'],
  decimal: ['text', 'number'],
  text: ['text'],
} as const;

/**
 * A barcode type's `gs1Mapping` (AI -> activation field) must name GS1 AIs and activation fields
 * of the type that can hold the value: a date AI (YYMMDD) a date or text field, a numeric AI a
 * number or text field, any other a text field.
 */
export function checkGs1Mapping(config: ProjectConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const [typeKey, type] of Object.entries(config.barcodeTypes)) {
    for (const [ai, key] of Object.entries(type.gs1Mapping ?? {})) {
      const pointer = `/barcodeTypes/${escape(typeKey)}/gs1Mapping/${escape(ai)}`;
      const kind = aiKind(ai);
      const field = type.activationFields.find((f) => f.key === key);
      if (!kind) problems.push(problem(pointer, 'gs1MappingUnknownAi', { ai }));
      else if (!field) problems.push(problem(pointer, 'gs1MappingUnknownField', { ai, key }));
      else if (!(FILLS[kind] as readonly string[]).includes(field.type)) {
        problems.push(
          problem(pointer, 'gs1MappingFieldType', {
            ai,
            key,
            type: field.type,
            also: FILLS[kind].length > 1 ? ` / ${FILLS[kind][1]}` : '',
          }),
        );
      }
    }
  }
  return problems;
}
