import { useState } from 'react';
import { ActionIcon, Group, Input, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clampAndRound, type NumberOptions } from '@renderer';
import type { FieldWidgetProps, WidgetProps } from '../types';
import { parseTyped } from './normalise';
import { useDraft } from '../shared/use-draft';

/** What a number input needs: the number field type's options (renderer), also used by the other widgets' numbers. */
export type NumberRulesOptions = NumberOptions;

/** Which bound a typed number was brought to, if any: the note under the field says so. */
function boundReached(typed: number, rules: Pick<NumberRulesOptions, 'min' | 'max'>): 'min' | 'max' | undefined {
  if (rules.min !== undefined && typed < rules.min) return 'min';
  if (rules.max !== undefined && typed > rules.max) return 'max';
  return undefined;
}

/** Characters drawn about one em wide (CJK, kana, hangul, full-width forms); others are narrower. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/**
 * The width of the section holding a unit inside the input, from the unit's own characters (in em
 * of the input's text, so it follows the text size) with room either side: the whole unit fits on
 * its line, and the typed digits stop before it.
 */
export function unitSectionWidth(unit: string): string {
  const em = [...unit].reduce((sum, c) => sum + (WIDE.test(c) ? 1.05 : 0.65), 0);
  return `calc(${Math.round(em * 100) / 100}em + 14px)`;
}

/** A unit inside the input: kept on one line whatever its length. */
const unitSection = (unit: string | undefined) =>
  unit ? (
    <span data-unit style={{ whiteSpace: 'nowrap' }}>
      {unit}
    </span>
  ) : undefined;

/**
 * A number with big minus / plus buttons (one-handed use) and optional unit prefix / suffix.
 * Typing is free; on blur and on each button press the value is clamped to min..max and
 * rounded to its precision (default 1 decimal). A typed value brought into bounds is never
 * changed silently: a note at the field says which bound and what the value became.
 */
export function NumberInputWithButtons({
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
  rules,
}: Omit<FieldWidgetProps<number>, 'options' | 'context'> & { rules: NumberRulesOptions }) {
  const { t, i18n } = useTranslation('forms');
  const [note, setNote] = useState<string | undefined>(undefined);
  const shown = value === undefined ? '' : String(value);
  const {
    draft: text,
    update,
    flush,
  } = useDraft(shown, (typed: string) => {
    if (typed.trim() === '') onChange(undefined);
    else {
      const n = parseTyped(typed);
      if (n !== undefined) onChange(n);
    }
  });
  // Clamp and round now (buttons, blur): the form hears at once.
  const commit = (n: number | undefined, typed = false) => {
    const next = n === undefined ? undefined : clampAndRound(n, rules);
    const bound = typed && n !== undefined ? boundReached(n, rules) : undefined;
    if (bound && next !== undefined) {
      const format = (v: number) => v.toLocaleString(i18n.language);
      const limit = `${rules.unitPrefix ?? ''}${format(rules[bound] as number)}${rules.unitSuffix ? ` ${rules.unitSuffix}` : ''}`;
      setNote(t(bound === 'max' ? 'widgets.clampedMax' : 'widgets.clampedMin', { limit, value: format(next) }));
    } else setNote(undefined);
    update(next === undefined ? '' : String(next));
    flush();
  };
  const step = rules.step ?? 1;
  // What the input shows counts, even before the form has heard of it.
  const current = parseTyped(text);
  const base = current ?? rules.min ?? 0;
  const locked = readOnly || disabled;
  // The input is the wrapper's own (no wrapper of its own beside the buttons), so, as in the
  // single-input widgets, it is described by the field's help text and error message.
  return (
    <Input.Wrapper id={id} label={label} description={description} required={required} error={error}>
      <Group gap={6} wrap="nowrap" mt={4}>
        <ActionIcon
          size={42}
          variant="default"
          aria-label={t('widgets.decrease', { label })}
          disabled={locked || (rules.min !== undefined && base <= rules.min)}
          onClick={() => commit(current === undefined ? (rules.min ?? 0) : base - step)}
        >
          −
        </ActionIcon>
        <Input
          readOnly={readOnly}
          disabled={disabled}
          error={Boolean(error)}
          value={text}
          inputMode={rules.precision > 0 ? 'decimal' : 'numeric'}
          size="md"
          style={{ flex: 1 }}
          mt={0}
          mb={0}
          leftSection={unitSection(rules.unitPrefix)}
          leftSectionWidth={rules.unitPrefix ? unitSectionWidth(rules.unitPrefix) : undefined}
          rightSection={unitSection(rules.unitSuffix)}
          rightSectionWidth={rules.unitSuffix ? unitSectionWidth(rules.unitSuffix) : undefined}
          onChange={(e) => update(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && commit(parseTyped(text), true)}
          onBlur={() => {
            commit(parseTyped(text), true);
            onBlur();
          }}
        />
        <ActionIcon
          size={42}
          variant="default"
          aria-label={t('widgets.increase', { label })}
          disabled={locked || (rules.max !== undefined && base >= rules.max)}
          onClick={() => commit(current === undefined ? (rules.min ?? 0) : base + step)}
        >
          +
        </ActionIcon>
      </Group>
      {note && (
        <Text id={`${id}-clamped`} size="sm" c="orange.9" mt={4} role="status">
          {note}
        </Text>
      )}
    </Input.Wrapper>
  );
}

export function NumberWidget({ options, context: _context, ...props }: WidgetProps<'number', number>) {
  return <NumberInputWithButtons {...props} rules={options} />;
}
