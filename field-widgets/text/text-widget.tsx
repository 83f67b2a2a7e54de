import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { ActionIcon, Group, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INPUT_PATTERN_REGEX, type InputPattern } from '@schemas/field-constants';
import type { WidgetProps } from '../types';
import { useDeferredCommit } from '../shared/use-draft';
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

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Text: mask applied while typing, input pattern filtering, max length, counter, multi-line
 * with ceil(maxLength / 20) rows. Reader buttons (barcode scan, OCR) beside the text where the
 * field asks for them and the screen offers the capture dialog; what they read replaces the
 * field's value.
 *
 * The input is uncontrolled: a keystroke changes the DOM input only (no React render, unless a
 * counter shows), and the form hears of the value when typing pauses, on blur or on Enter.
 */
export function TextWidget({
  id,
  value,
  onChange,
  onBlur,
  label,
  description,
  required,
  readOnly,
  disabled,
  error,
  options,
  context,
}: WidgetProps<'text', string>) {
  const { mask, maxLength, rows, inputPattern } = options;
  const showCounter = options.counter && maxLength !== undefined;
  const input = useRef<Field>(null);
  const committed = useRef(value ?? '');
  const [length, setLength] = useState([...(value ?? '')].length);
  const { schedule, flush, hasPending } = useDeferredCommit((next: string) => {
    committed.current = next;
    onChange(next === '' ? undefined : next);
  });

  useEffect(() => {
    // A value set from outside (a reset, data loaded later) replaces what the input shows;
    // the echo of our own commit does not.
    const outside = value ?? '';
    if (outside !== committed.current && !hasPending() && input.current && input.current.value !== outside) {
      input.current.value = outside;
      committed.current = outside;
      setLength([...outside].length);
    }
  }, [value, hasPending]);

  const change = (event: ChangeEvent<Field>) => {
    const raw = event.currentTarget.value;
    let next = mask ? applyMask(raw, mask) : raw;
    if (inputPattern && !mask) next = filterToPattern(next, inputPattern);
    if (next !== raw) event.currentTarget.value = next;
    if (showCounter) setLength([...next].length);
    schedule(next);
  };
  const blur = () => {
    flush();
    onBlur();
  };
  const counter = showCounter ? `${length}/${maxLength}` : undefined;
  // The reader buttons, where the field asks for them and the screen has the capture dialog.
  const { readers } = options;
  const scan = readers.includes('barcode') && !readOnly ? context.scanBarcode : undefined;
  const readText = readers.includes('ocr') && !readOnly ? context.readText : undefined;
  const fill = async (read: Promise<string | null>) => {
    const text = await read;
    if (text === null || !input.current) return;
    // Read text can be longer than the field allows: the field keeps what fits, as typing would.
    const limit = mask ? mask.length : maxLength;
    input.current.value = limit ? [...text].slice(0, limit).join('') : text;
    change({ currentTarget: input.current } as ChangeEvent<Field>);
    flush();
  };
  const readerButtons =
    scan || readText ? (
      <Group gap={4} wrap="nowrap">
        {scan && <ReaderButton kind="scanBarcode" disabled={disabled} onClick={() => void fill(scan())} />}
        {readText && <ReaderButton kind="readText" disabled={disabled} onClick={() => void fill(readText(id))} />}
      </Group>
    ) : undefined;
  const common = {
    id,
    label,
    required,
    disabled,
    error,
    readOnly,
    description,
    placeholder: mask ? maskHint(mask) : undefined,
    defaultValue: value ?? '',
    maxLength: mask ? mask.length : maxLength,
    onChange: change,
    onBlur: blur,
    onKeyDown: (event: { key: string }) => event.key === 'Enter' && flush(),
    inputWrapperOrder: ['label', 'description', 'input', 'error'] as ('label' | 'description' | 'input' | 'error')[],
    size: 'md' as const,
  };
  // Reader buttons sit beside the text; the counter then goes under it (as for multi-line text).
  const beside = readerButtons
    ? {
        rightSection: readerButtons,
        rightSectionWidth: scan && readText ? 88 : 48,
        rightSectionPointerEvents: 'all' as const,
      }
    : {};
  if (rows) {
    return (
      <div>
        <Textarea {...common} {...beside} ref={input as React.Ref<HTMLTextAreaElement>} rows={rows} autosize={false} />
        {counter && <CounterText id={id} text={counter} />}
      </div>
    );
  }
  const field = (
    <TextInput
      {...common}
      {...beside}
      ref={input as React.Ref<HTMLInputElement>}
      {...(!readerButtons && counter
        ? { rightSection: <CounterText id={id} text={counter} />, rightSectionWidth: 64 }
        : {})}
      inputMode={inputPattern === 'digits' || (mask && /^[9\W]+$/.test(mask)) ? 'numeric' : undefined}
    />
  );
  return readerButtons && counter ? (
    <div>
      {field}
      <CounterText id={id} text={counter} />
    </div>
  ) : (
    field
  );
}

const READER_ICONS = {
  scanBarcode:
    'M4 7V5a1 1 0 0 1 1-1h2M17 4h2a1 1 0 0 1 1 1v2M20 17v2a1 1 0 0 1-1 1h-2M7 20H5a1 1 0 0 1-1-1v-2M7 8v8M10 8v8M13 8v8M16 8v8',
  readText:
    'M4 7V5a1 1 0 0 1 1-1h2M17 4h2a1 1 0 0 1 1 1v2M20 17v2a1 1 0 0 1-1 1h-2M7 20H5a1 1 0 0 1-1-1v-2M8 16l4-9 4 9M9.5 13h5',
} as const;

/** A reader button beside the text: barcode scan or OCR. */
function ReaderButton({
  kind,
  disabled,
  onClick,
}: {
  kind: keyof typeof READER_ICONS;
  disabled: boolean;
  onClick(): void;
}) {
  const { t } = useTranslation('forms');
  const label = t(`widgets.${kind}`);
  return (
    <ActionIcon variant="light" size="lg" aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d={READER_ICONS[kind]} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </ActionIcon>
  );
}

function CounterText({ id, text }: { id: string; text: string }) {
  return (
    <span
      id={`${id}-counter`}
      aria-live="polite"
      style={{ fontSize: 12, color: 'var(--mantine-color-dimmed)', textAlign: 'right', display: 'block' }}
    >
      {text}
    </span>
  );
}
