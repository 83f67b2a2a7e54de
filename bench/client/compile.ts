import type { CustomField } from '../../schemas/custom-field';
import { compileForm, FIELD_TYPE_NAMES, formSourceOfFields } from '../../renderer';

const L = (en: string) => ({ en, ja: en, 'zh-TW': en, 'zh-CN': en });

/** A configuration of `count` fields cycling through every field type with typical options. */
export function manyFields(count: number): CustomField[] {
  return Array.from({ length: count }, (_, i): CustomField => {
    const type = FIELD_TYPE_NAMES[i % FIELD_TYPE_NAMES.length] as CustomField['type'];
    const base = { key: `f${i}`, label: L(`Field ${i}`), required: i % 3 === 0, order: count - i };
    switch (type) {
      case 'text':
        return { ...base, type, maxLength: 40, inputPattern: 'lettersDigitsDash', counter: true };
      case 'number':
        return { ...base, type, min: 0, max: 1000, precision: 2 };
      case 'adjustment':
        return { ...base, type, sign: 'decrease', max: 100 };
      case 'reference':
        return { ...base, type, referenceKey: 'po' };
      case 'singleSelect':
      case 'multiSelect':
        return {
          ...base,
          type,
          options: [
            { value: 'a', label: L('A') },
            { value: 'b', label: L('B') },
          ],
        };
      case 'calculation':
        return { ...base, type, formula: `f${i - 10} * 2` };
      case 'files':
        return { ...base, type, fileKind: 'image', maxCount: 3 };
      case 'ghgEmission':
        return { ...base, type, calculationType: 'fuel' };
      case 'weightMeasurement':
        return { ...base, type, mode: 'manual' };
      default:
        return { ...base, type } as CustomField;
    }
  });
}

/** Median milliseconds of compileForm() over `runs` runs (after warm-up). */
export function benchCompile(count: number, runs = 50): { medianMs: number; p95Ms: number } {
  const source = formSourceOfFields(manyFields(count), 'bench');
  const compile = () =>
    compileForm(
      source,
      { form: 'activation', barcodeType: 't', stage: 'activation' },
      { language: 'en', loggedIn: true },
    );
  for (let i = 0; i < 10; i += 1) compile();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    compile();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(runs / 2)] ?? 0, p95Ms: times[Math.floor(runs * 0.95)] ?? 0 };
}
