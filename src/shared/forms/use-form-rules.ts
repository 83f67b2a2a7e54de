import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CustomValidator, ErrorSchema, FormValidation } from '@rjsf/utils';
import type { CompiledForm } from '@renderer';
import type * as FormRulesModule from '@renderer/calculations';
import type { Language } from '@schemas/languages';

type RulesModule = typeof FormRulesModule;
type Values = Record<string, unknown>;

/** What a form's rules change of its drawing, by the verdict on the values now. */
export interface FormRulesView {
  /** False while the rules' module loads (a form with rules is not drawn before it knows them). */
  ready: boolean;
  uiSchema: CompiledForm['uiSchema'];
  /** The constraint messages of the values that fail them now: shown at once, as the user types. */
  extraErrors: ErrorSchema;
  /** Refuses the submit while a field a rule requires is empty or a constraint fails. */
  customValidate: CustomValidator | undefined;
  /** The values without those of fields that are not relevant now: what is kept and sent. */
  strip(values: Values): Values;
  /** Whether the form has rules at all. */
  hasRules: boolean;
  /** The fields not relevant now (not drawn); the same list until it changes. */
  hidden: readonly string[];
}

const NONE: readonly string[] = [];

const hasRules = (form: CompiledForm) =>
  form.fields.some((f) => f.relevant ?? f.requiredIf ?? f.readOnlyIf ?? f.constraint);

/**
 * The uiSchema for a verdict: a field not relevant is hidden (not drawn), one a rule makes
 * read-only is so, one a rule requires is marked required. Fields the rules leave alone keep
 * their own uiSchema object, so rjsf re-renders only what changed.
 */
export function uiSchemaFor(
  base: CompiledForm['uiSchema'],
  verdict: Pick<FormRulesModule.RulesVerdict, 'hidden' | 'readOnly' | 'required'>,
): CompiledForm['uiSchema'] {
  if (verdict.hidden.length + verdict.readOnly.length + verdict.required.length === 0) return base;
  const ui: CompiledForm['uiSchema'] = { ...base };
  const field = (key: string) => ({ ...(ui[key] as Record<string, unknown>) });
  for (const key of verdict.required) {
    const entry = field(key);
    entry['ui:options'] = { ...(entry['ui:options'] as object), requiredByRule: true };
    ui[key] = entry;
  }
  for (const key of verdict.readOnly) ui[key] = { ...field(key), 'ui:readonly': true };
  for (const key of verdict.hidden) ui[key] = { ...field(key), 'ui:widget': 'hidden' };
  return ui;
}

/** rjsf's error handler has an entry only for keys the data holds: one is made for an empty field. */
function addError(errors: FormValidation, key: string, message: string): void {
  const handler = errors as unknown as Record<string, { __errors?: string[]; addError?(m: string): void }>;
  const entry = handler[key];
  if (entry?.addError) entry.addError(message);
  else handler[key] = { __errors: [...(entry?.__errors ?? []), message] };
}

/**
 * Form logic on the phone: the renderer's rules (relevant, requiredIf, readOnlyIf, constraint)
 * evaluated in one pass per change with the evaluator the server uses, so the phone refuses what
 * the server would. The module (with the expression parser) loads only for forms that have rules.
 */
export function useFormRules(
  form: CompiledForm,
  formData: Values,
  language: Language,
  requiredMessage: string,
): FormRulesView {
  const withRules = hasRules(form);
  const [module, setModule] = useState<RulesModule | null>(null);
  useEffect(() => {
    if (!withRules || module) return undefined;
    let alive = true;
    void import('@renderer/calculations').then((loaded) => {
      if (alive) setModule(loaded);
    });
    return () => {
      alive = false;
    };
  }, [withRules, module]);

  const rules = useMemo(() => (module && withRules ? module.rulesOf(form.fields) : null), [module, withRules, form]);
  const verdictOf = useCallback(
    (values: Values) => (module && rules ? module.evaluateRules(rules, values) : null),
    [module, rules],
  );
  const verdict = useMemo(() => verdictOf(formData), [verdictOf, formData]);

  // The uiSchema changes only when what is hidden, read-only or required does, not at every keystroke.
  const state = verdict
    ? [verdict.hidden, verdict.readOnly, verdict.required].map((keys) => keys.join()).join('|')
    : '';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `state` stands for the verdict's lists
  const uiSchema = useMemo(() => (verdict ? uiSchemaFor(form.uiSchema, verdict) : form.uiSchema), [form, state]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `state` stands for the verdict's lists
  const hidden = useMemo(() => verdict?.hidden ?? NONE, [form, state]);

  const messageOf = useCallback(
    (message: FormRulesModule.RulesVerdict['failed'][number]['message']) => message?.[language] ?? requiredMessage,
    [language, requiredMessage],
  );
  const failed = verdict?.failed;
  const extraErrors = useMemo(
    () =>
      Object.fromEntries(
        (failed ?? []).map(({ key, message }) => [key, { __errors: [messageOf(message)] }]),
      ) as ErrorSchema,
    [failed, messageOf],
  );

  const customValidate = useMemo<CustomValidator | undefined>(
    () =>
      rules
        ? (data, errors) => {
            const now = verdictOf((data ?? {}) as Values);
            for (const key of now?.missing ?? []) addError(errors, key, requiredMessage);
            for (const { key, message } of now?.failed ?? []) addError(errors, key, messageOf(message));
            return errors;
          }
        : undefined,
    [rules, verdictOf, requiredMessage, messageOf],
  );

  const strip = useCallback((values: Values) => verdictOf(values)?.values ?? values, [verdictOf]);
  return {
    ready: !withRules || module !== null,
    uiSchema,
    extraErrors,
    customValidate,
    strip,
    hasRules: withRules,
    hidden,
  };
}
