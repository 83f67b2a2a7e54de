import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { withTheme } from '@rjsf/core';
// Of the Mantine theme, the templates rjsf can still draw around our own (a description, an
// error list, a field's errors and help, a choice of schemas). Its widgets (and with them
// @mantine/dates and dayjs) are never drawn, as every field has a widget of its own
// (field-widgets/registry.ts); nor are its input, object, array, grid and button templates, as
// every field is a `ui:field` and the form's buttons are the screen's: they brought NumberInput,
// SimpleGrid, Grid and Fieldset into every form (against BEYOND_FIRST_LOAD_BUDGETS.form,
// docs/engineers/performance.md). rjsf's plain ones stand in.
import DescriptionFieldTemplate from '@rjsf/mantine/lib/templates/DescriptionField.js';
import ErrorListTemplate from '@rjsf/mantine/lib/templates/ErrorList.js';
import FieldErrorTemplate from '@rjsf/mantine/lib/templates/FieldErrorTemplate.js';
import FieldHelpTemplate from '@rjsf/mantine/lib/templates/FieldHelpTemplate.js';
import MultiSchemaFieldTemplate from '@rjsf/mantine/lib/templates/MultiSchemaFieldTemplate.js';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ErrorSchema, FieldTemplateProps, RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type * as CalculationsModule from '@renderer/calculations';
import { DEFAULT_FORM_STATE_BEHAVIOUR, messageFor, type CompiledForm } from '@renderer';
import { rjsfFields, widgetFor } from '@widgets/registry';
import type { FormContext } from '@widgets/types';
import { FormErrorBoundary } from './form-error-boundary';
import { ProgressiveObjectTemplate } from './progressive-object-template';
import { useFormRules } from './use-form-rules';

// One validator for every form: ajv compiles each form's schema once (by its $id) and caches it.
const validator = customizeValidator({ ajvOptionsOverrides: { strict: false }, ajvFormatOptions: { keywords: true } });

/**
 * Fails loudly (inside the error boundary) when a field type has no widget, instead of letting
 * rjsf fall back to a plain input for a field the product does not understand.
 */
function RegisteredFieldsOnly({ form, children }: { form: CompiledForm; children: ReactNode }) {
  form.fields.forEach((field) => widgetFor(field.type));
  return children;
}

/** Widgets draw their own label, help and errors: the template only places them. */
function BareFieldTemplate({ children, hidden }: FieldTemplateProps) {
  return hidden ? null : children;
}

const templates = { FieldTemplate: BareFieldTemplate, ObjectFieldTemplate: ProgressiveObjectTemplate };

const Form = withTheme({
  templates: {
    DescriptionFieldTemplate,
    ErrorListTemplate,
    FieldErrorTemplate,
    FieldHelpTemplate,
    MultiSchemaFieldTemplate,
  },
});

/**
 * What a screen reader says when form logic shows fields that were not drawn a moment ago (the
 * focus stays where the user is): their labels, in form order. Empty until the first change, so
 * the fields hidden from the start are not spoken of, and after a change that shows none.
 */
function useAppearedFields(form: CompiledForm, hidden: readonly string[]): string[] {
  const [appeared, setAppeared] = useState<string[]>([]);
  const before = useRef(hidden);
  useEffect(() => {
    // The same fields as before (a list made again by a new render of the same state): nothing to say.
    if (before.current.join('\n') === hidden.join('\n')) return;
    const now = new Set(hidden);
    const shown = form.fields
      .filter((f) => before.current.includes(f.key) && !now.has(f.key))
      .map((f) => String(form.schema.properties[f.key]?.title ?? f.key));
    before.current = hidden;
    // Emptied when nothing appeared, so a field shown again later is said again.
    setAppeared(shown);
  }, [form, hidden]);
  return appeared;
}

export interface ConfiguredFormProps {
  form: CompiledForm;
  formData: Record<string, unknown>;
  onChange(data: Record<string, unknown>): void;
  onSubmit(data: Record<string, unknown>): void;
  context: FormContext;
  /** The submit button(s); rendered inside the form. */
  children: ReactNode;
  /** The prefix of the form's element ids (default 'root'): another one for each further form on the same screen. */
  idPrefix?: string;
  /** Messages the server gave at this form's fields (by field key), shown under each until it changes. */
  fieldErrors?: Readonly<Record<string, string>>;
}

type Calculator = typeof CalculationsModule;

const sameKeys = (a: object, b: object) => Object.keys(a).join() === Object.keys(b).join();

/**
 * Draws a compiled form (renderer output) with @rjsf/core, the Mantine theme and the
 * field-widgets registry. Messages come from i18n; calculation fields are recomputed as the
 * user types (the maths library loads only for forms that have one); fields the viewer may not
 * see are shown masked. Validation runs on submit, then live until the form is clean.
 */
export function ConfiguredForm({
  form,
  formData,
  onChange,
  onSubmit,
  context,
  children,
  idPrefix,
  fieldErrors,
}: ConfiguredFormProps) {
  // The form strings are their own namespace, loaded with the first form (not the first screen).
  const { t, ready } = useTranslation('forms');
  const [calculator, setCalculator] = useState<Calculator | null>(null);
  const [formulaErrors, setFormulaErrors] = useState<Record<string, number[]>>({});
  const [submitted, setSubmitted] = useState(false);
  const hasCalculation = form.fields.some((f) => f.type === 'calculation');
  // Form logic: which fields are shown, required, read-only and failing their constraint now.
  const logic = useFormRules(form, formData, context.language, t('form.required'));
  const appeared = useAppearedFields(form, logic.hidden);

  const latest = useRef({ formData, onChange, fields: form.fields });
  useEffect(() => {
    latest.current = { formData, onChange, fields: form.fields };
  });

  useEffect(() => {
    if (!hasCalculation || calculator) return undefined;
    let alive = true;
    void import('@renderer/calculations').then((module) => {
      if (!alive) return;
      setCalculator(module);
      // Fill calculations for the data that was there before the maths library arrived.
      const { formData: data, onChange: change, fields } = latest.current;
      const result = module.applyCalculations(fields, data);
      setFormulaErrors(result.errors);
      change(result.data);
    });
    return () => {
      alive = false;
    };
  }, [hasCalculation, calculator]);

  const withCalculations = useCallback(
    (data: Record<string, unknown>) => {
      if (!calculator || !hasCalculation) return data;
      const result = calculator.applyCalculations(form.fields, data);
      // A new (even empty) object would re-render every field through extraErrors: only on change.
      setFormulaErrors((current) => (sameKeys(current, result.errors) ? current : result.errors));
      return result.data;
    },
    [calculator, hasCalculation, form.fields],
  );

  // The calculation review reads the values typed so far, with the maths library the form loaded.
  const formContext = useMemo<FormContext>(
    () =>
      hasCalculation
        ? {
            ...context,
            reviewFormula: async (fieldKey) => {
              const field = latest.current.fields.find((f) => f.key === fieldKey);
              if (field?.type !== 'calculation') return { message: t('form.formulaIncorrect') };
              const module = await import('@renderer/calculations');
              try {
                const review = module.reviewCalculation(field, latest.current.formData);
                const labelOf = (key: string) => String(form.schema.properties[key]?.title ?? key);
                return { ...review, inputs: review.inputs.map((input) => ({ ...input, label: labelOf(input.key) })) };
              } catch {
                return { message: t('form.formulaIncorrect') };
              }
            },
          }
        : context,
    [context, hasCalculation, form.schema, t],
  );

  const fieldTypes = useMemo(() => new Map(form.fields.map((f) => [f.key, f.type])), [form.fields]);
  const transformErrors = useCallback(
    (errors: RJSFValidationError[]) =>
      errors
        .filter((e) => e.name !== 'if' && e.name !== 'allOf')
        .map((e) => {
          const key = (e.property ?? '').replace(/^\./, '').split('.')[0] ?? '';
          const message = messageFor(
            { keyword: e.name ?? '', params: e.params, instancePath: `/${key}` },
            fieldTypes.get(key) ?? fieldTypes.get(String((e.params as { missingProperty?: string })?.missingProperty)),
          );
          return { ...e, message: t(message.key as 'form.invalid', message.values) };
        }),
    [fieldTypes, t],
  );

  const extraErrors = useMemo(
    () =>
      Object.fromEntries([
        ...Object.keys(formulaErrors).map((key) => [key, { __errors: [t('form.formulaIncorrect')] }]),
        ...Object.entries(fieldErrors ?? {}).map(([key, message]) => [key, { __errors: [message] }]),
      ]) as ErrorSchema,
    [formulaErrors, fieldErrors, t],
  );

  if (!ready || !logic.ready)
    return (
      <Center mih={120}>
        <Loader />
      </Center>
    );
  return (
    <FormErrorBoundary title={t('form.drawFailed')}>
      <RegisteredFieldsOnly form={form}>
        <Form
          schema={form.schema as RJSFSchema}
          uiSchema={logic.uiSchema as UiSchema}
          idPrefix={idPrefix}
          formData={formData}
          validator={validator}
          fields={rjsfFields}
          templates={templates}
          formContext={formContext}
          showErrorList={false}
          experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE_BEHAVIOUR}
          noHtml5Validate
          liveValidate={submitted}
          transformErrors={transformErrors}
          extraErrors={{ ...logic.extraErrors, ...extraErrors }}
          customValidate={logic.customValidate}
          onChange={(event) =>
            onChange(logic.strip(withCalculations((event.formData ?? {}) as Record<string, unknown>)))
          }
          onSubmit={(event) => onSubmit(logic.strip((event.formData ?? {}) as Record<string, unknown>))}
          onError={() => setSubmitted(true)}
        >
          {form.masked.length > 0 && (
            <Stack gap={4} mb="md">
              {form.masked.map((m) => (
                <Alert key={m.key} variant="light" color="gray" title={m.label} p="xs">
                  <Text size="sm">{t('form.masked')}</Text>
                </Alert>
              ))}
            </Stack>
          )}
          {children}
        </Form>
        {logic.hasRules && (
          <VisuallyHidden role="status" aria-live="polite" data-testid="form-rules-status">
            {appeared.length > 0 &&
              t('form.nowAsked', {
                fields: new Intl.ListFormat(context.language, { type: 'conjunction' }).format(appeared),
              })}
          </VisuallyHidden>
        )}
      </RegisteredFieldsOnly>
    </FormErrorBoundary>
  );
}
