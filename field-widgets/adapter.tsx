import { memo, useCallback, useLayoutEffect, useRef, type ComponentType } from 'react';
import type { FieldProps } from '@rjsf/utils';
import type { FieldIdentity, FieldWidgetProps, FormContext } from './types';

const EMPTY_CONTEXT: FormContext = {
  language: 'en',
  stage: 'activation',
  phoneSuggestions: [],
  emailSuggestions: [],
  uploadFile: () => Promise.reject(new Error('no file storage in this form')),
  deleteFile: () => Promise.resolve(),
};

/**
 * Turns a field widget into an rjsf field (`ui:field`): binds onChange to the field's path,
 * reads label, help, options and errors from rjsf's props. Memoised: a keystroke in one field
 * re-renders that field, not every field of a long form.
 */
export function asRjsfField<T, O extends object>(
  Widget: ComponentType<FieldWidgetProps<T, O>>,
): ComponentType<FieldProps<T>> {
  const MemoWidget = memo(Widget);
  function RjsfField(props: FieldProps<T>) {
    const {
      onChange,
      onBlur,
      fieldPathId,
      formData,
      schema,
      uiSchema,
      rawErrors,
      errorSchema,
      required,
      readonly,
      disabled,
      registry,
    } = props;
    // rjsf passes the field's own messages as rawErrors and those of its parts in errorSchema.
    const errors = [...new Set([...(rawErrors ?? []), ...errorsOf(errorSchema)])];
    // rjsf hands every field new callbacks on every render; the widget gets stable ones that
    // call the latest, so a keystroke re-renders only the field it changed.
    const latest = useRef({ onChange, onBlur, fieldPathId, formData });
    useLayoutEffect(() => {
      latest.current = { onChange, onBlur, fieldPathId, formData };
    });
    const change = useCallback(
      (value: T | undefined) => latest.current.onChange(value, latest.current.fieldPathId.path),
      [],
    );
    const blur = useCallback(() => latest.current.onBlur(latest.current.fieldPathId.$id, latest.current.formData), []);
    const options = (uiSchema?.['ui:options'] ?? EMPTY_OPTIONS) as O & FieldIdentity;
    return (
      <MemoWidget
        id={fieldPathId.$id}
        value={formData}
        onChange={change}
        onBlur={blur}
        label={String(schema.title ?? props.name)}
        description={typeof schema.description === 'string' ? schema.description : undefined}
        // A field with a rule is required by it (form logic), not by the schema: its options say so.
        required={required === true || options.requiredByRule === true}
        readOnly={readonly === true || schema.readOnly === true}
        disabled={disabled === true}
        error={errors.length > 0 ? errors.join('\n') : undefined}
        // The renderer compiled these options for this field's type (the registry pairs each type with its widget).
        options={options}
        context={(registry.formContext as FormContext | undefined) ?? EMPTY_CONTEXT}
      />
    );
  }
  RjsfField.displayName = `RjsfField(${Widget.displayName ?? Widget.name})`;
  return RjsfField;
}

/**
 * The messages of a field and of its parts (an adjustment's value, a location's latitude):
 * widgets draw one error text for the whole field, so nothing invalid goes unexplained.
 */
function errorsOf(errorSchema: unknown): string[] {
  if (!errorSchema || typeof errorSchema !== 'object') return [];
  const { __errors: own, ...parts } = errorSchema as { __errors?: unknown; [part: string]: unknown };
  const mine = Array.isArray(own) ? own.map(String) : [];
  return [...new Set([...mine, ...Object.values(parts).flatMap(errorsOf)])];
}

const EMPTY_OPTIONS = {};
