import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompiledForm } from '@renderer';
import type { FormContext } from '@widgets/types';
import { ConfiguredForm } from '../forms/configured-form';

export interface StepFormProps {
  form: CompiledForm;
  data: Record<string, unknown>;
  onChange(data: Record<string, unknown>): void;
  /** Called with valid data when the user goes on. */
  onSubmit(data: Record<string, unknown>): void;
  context: FormContext;
  submitLabel: string;
  busy?: boolean;
  /** A line above the buttons (e.g. whether this step is required here). */
  note?: ReactNode;
  onBack?(): void;
  /** Offered when the step may be left empty: goes on without validating. */
  onSkip?(): void;
  /** The server's messages at this step's fields (see ConfiguredForm). */
  fieldErrors?: Readonly<Record<string, string>>;
}

/** One step of a multi-step flow: a configured form with Back, Skip and the step's main button. */
export function StepForm({
  form,
  data,
  onChange,
  onSubmit,
  context,
  submitLabel,
  busy,
  note,
  onBack,
  onSkip,
  fieldErrors,
}: StepFormProps) {
  const { t } = useTranslation('barcode');
  return (
    <ConfiguredForm
      key={form.schema.$id}
      form={form}
      formData={data}
      onChange={onChange}
      onSubmit={onSubmit}
      context={context}
      fieldErrors={fieldErrors}
    >
      {note && (
        <Text size="sm" c="dimmed" mt="md">
          {note}
        </Text>
      )}
      <Group mt="lg" grow>
        {onBack && (
          <Button variant="default" size="md" onClick={onBack} disabled={busy}>
            {t('common.back', { ns: 'common' })}
          </Button>
        )}
        {onSkip && (
          <Button variant="light" size="md" onClick={onSkip} disabled={busy}>
            {t('steps.skip')}
          </Button>
        )}
        <Button type="submit" size="md" loading={busy}>
          {submitLabel}
        </Button>
      </Group>
    </ConfiguredForm>
  );
}
