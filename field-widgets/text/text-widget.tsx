import { Textarea, TextInput } from '@mantine/core';
import { INPUT_PATTERN_REGEX, type InputPattern } from '@schemas/field-constants';
import type { FieldWidgetProps } from '../types';
import { useDraft } from '../shared/use-draft';
import { applyMask, maskHint } from './mask';

/** The character class of an input pattern: '^[0-9-]*$' -> /^[0-9-]$/ (one character). */
export function allowedCharacter(pattern: InputPattern): RegExp {
  return new RegExp(INPUT_PATTERN_REGEX[pattern].replace(/\*\$$/, '$'));
}

/** Keeps only the characters an input pattern allows (the schema checks the whole value). */
export const filterToPattern = (text: string, pattern: InputPattern) => {
  const allowed = allowedCharacter(pattern);
  return [...text].filter((c) => allowed.test(c)).join('');
};

/**
 * Text (spec sections 2, 5): mask applied while typing, input pattern filtering, max length,
 * counter, multi-line with ceil(maxLength / 20) rows. Reader buttons (barcode, OCR) appear with
 * the capture dialogs; until then the options are carried but no button is shown.
 */
export function TextWidget({ id, value, onChange, onBlur, label, description, required, readOnly, disabled, error, options }: FieldWidgetProps<string>) {
  const mask = options.mask as string | undefined;
  const maxLength = options.maxLength as number | undefined;
  const rows = options.rows as number | undefined;
  const inputPattern = options.inputPattern as InputPattern | undefined;
  const { draft, update, flush } = useDraft(value ?? '', (next: string) => onChange(next === '' ? undefined : next));
  const text = draft;

  const change = (raw: string) => {
    let next = mask ? applyMask(raw, mask) : raw;
    if (inputPattern && !mask) next = filterToPattern(next, inputPattern);
    update(next);
  };
  const blur = () => {
    flush();
    onBlur();
  };
  const commitOnEnter = (event: { key: string }) => {
    if (event.key === 'Enter') flush();
  };
  const counter = options.counter && maxLength !== undefined ? `${[...text].length}/${maxLength}` : undefined;
  const common = {
    id, label, required, disabled, error, readOnly,
    description,
    placeholder: mask ? maskHint(mask) : undefined,
    value: text,
    maxLength: mask ? mask.length : maxLength,
    onBlur: blur,
    onKeyDown: commitOnEnter,
    inputWrapperOrder: ['label', 'description', 'input', 'error'] as ('label' | 'description' | 'input' | 'error')[],
    size: 'md' as const,
  };
  if (rows) {
    return (
      <div>
        <Textarea {...common} rows={rows} autosize={false} onChange={(e) => change(e.currentTarget.value)} />
        {counter && <CounterText id={id} text={counter} />}
      </div>
    );
  }
  return (
    <TextInput
      {...common}
      onChange={(e) => change(e.currentTarget.value)}
      rightSection={counter ? <CounterText id={id} text={counter} /> : undefined}
      rightSectionWidth={counter ? 64 : undefined}
      inputMode={options.inputPattern === 'digits' || (mask && /^[9\W]+$/.test(mask)) ? 'numeric' : undefined}
    />
  );
}

function CounterText({ id, text }: { id: string; text: string }) {
  return <span id={`${id}-counter`} aria-live="polite" style={{ fontSize: 12, color: 'var(--mantine-color-dimmed)', textAlign: 'right', display: 'block' }}>{text}</span>;
}
