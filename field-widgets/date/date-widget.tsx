import { DatePickerInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/zh-cn';
import type { WidgetProps } from '../types';

const DAYJS_LOCALE = { en: 'en', ja: 'ja', 'zh-TW': 'zh-tw', 'zh-CN': 'zh-cn' } as const;

/**
 * A date (Mantine dates, loaded only when a form has a date): shown as YYYY/MM/DD, stored as
 * YYYY-MM-DD, limited by the field's minDate / maxDate.
 */
export default function DateWidget({
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
}: WidgetProps<'date', string>) {
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALE[context.language] }}>
      <DatePickerInput
        id={id}
        label={label}
        description={description}
        required={required}
        readOnly={readOnly}
        disabled={disabled}
        error={error}
        value={value ?? null}
        valueFormat="YYYY/MM/DD"
        size="md"
        clearable={!required}
        minDate={options.minDate}
        maxDate={options.maxDate}
        onChange={(next) => {
          onChange(next ?? undefined);
          onBlur();
        }}
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}
