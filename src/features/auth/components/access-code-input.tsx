import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Group, Input, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACCESS_CODE_GROUP_LENGTH as GROUP } from '@schemas/validation';
import { useTypedEarly } from './typed-early';

export interface AccessCodeValue {
  first: string;
  last: string;
}

export interface AccessCodeInputProps {
  value: AccessCodeValue;
  onChange(value: AccessCodeValue): void;
  error?: boolean;
  disabled?: boolean;
}

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/**
 * The access code as two 4-digit fields: only digits are kept, focus moves to the second field
 * after 4 digits, Backspace in an empty second field goes back, and pasting all 8 digits fills
 * both. Enter submits the surrounding form.
 */
export function AccessCodeInput({ value, onChange, error, disabled }: AccessCodeInputProps) {
  const { t } = useTranslation();
  const lastRef = useRef<HTMLInputElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);

  const setFirst = (raw: string) => {
    const digits = digitsOnly(raw);
    if (digits.length > GROUP) {
      // A whole code replaces both boxes; a digit or two more typed into a full first box go on
      // after what the second already holds, as the next keys of the code.
      const over = digits.slice(GROUP);
      const last = over.length >= GROUP ? over : value.last + over;
      onChange({ first: digits.slice(0, GROUP), last: last.slice(0, GROUP) });
      lastRef.current?.focus();
      return;
    }
    onChange({ ...value, first: digits });
    if (digits.length === GROUP) lastRef.current?.focus();
  };

  // Digits typed into the boxes the server drew, before the client took the page over: the
  // first box takes up to eight (as a paste would), the rest go on into the second.
  // Focus follows, as it would have while typing: the next keys belong in the second box.
  useTypedEarly([firstRef, lastRef], [value.first, value.last], ([first = '', last = '']) => {
    const digits = digitsOnly(first);
    onChange({
      first: digits.slice(0, GROUP),
      last: (digits.slice(GROUP) + digitsOnly(last)).slice(0, GROUP),
    });
    if (digits.length >= GROUP && document.activeElement === firstRef.current) lastRef.current?.focus();
  });

  const onPasteFirst = (event: ClipboardEvent<HTMLInputElement>) => {
    const digits = digitsOnly(event.clipboardData.getData('text'));
    if (digits.length === GROUP * 2) {
      event.preventDefault();
      setFirst(digits);
    }
  };

  const onLastKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && value.last === '') firstRef.current?.focus();
  };

  const common = {
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    pattern: '[0-9]*',
    size: 'lg',
    error,
    disabled,
    styles: { input: { textAlign: 'center' as const, letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } },
    style: { flex: 1 },
  };

  return (
    <Input.Wrapper label={t('login.accessCode')} withAsterisk>
      <Group gap="xs" wrap="nowrap" align="center">
        <TextInput
          {...common}
          ref={firstRef}
          aria-label={t('login.accessCodeFirst')}
          value={value.first}
          onChange={(e) => setFirst(e.currentTarget.value)}
          onPaste={onPasteFirst}
          maxLength={GROUP * 2}
        />
        <span aria-hidden="true">-</span>
        <TextInput
          {...common}
          ref={lastRef}
          aria-label={t('login.accessCodeLast')}
          value={value.last}
          onChange={(e) => onChange({ ...value, last: digitsOnly(e.currentTarget.value).slice(0, GROUP) })}
          onKeyDown={onLastKeyDown}
          maxLength={GROUP}
        />
      </Group>
    </Input.Wrapper>
  );
}
