import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Paper, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@schemas/languages';
import type { CustomFieldType } from '@schemas/custom-field';
import type { ProjectConfig } from '@schemas/project-config';
import { compileForm, formSourceOfFields, type FormRef } from '@renderer';
import { checkProjectConfig } from '@renderer/config-check';
import { ConfiguredForm } from '@/shared/forms/configured-form';
import { builderFormFor, FIELD_TYPE_LABELS } from '../model/builder-form';
import { placeProblems, type PlacedProblem } from '../model/problem-place';
import { ProblemList } from './problem-list';
import {
  editedField,
  fieldFromInput,
  formChoices,
  inputFromField,
  moved,
  withFields,
  type FormChoice,
  type NewFieldInput,
} from '../model/draft-edit';
import { adminFormContext } from '../model/form-context';

const BUILDER_REF: FormRef = { form: 'activation', barcodeType: 't', stage: 'activation' };
/** A new field starts optional and visible to everyone: the form says so rather than starting blank. */
const NEW_INPUT: NewFieldInput = { required: 'no', visibility: 'visible' };

/**
 * What publishing would refuse in the field the builder's form describes, as it is typed: the
 * draft with that field in its place, through the publish check, keeping the problems inside the
 * field. A property still missing is left to the form's own required marks.
 */
function problemsOfInput(
  config: ProjectConfig,
  choice: FormChoice,
  input: NewFieldInput,
  index: number | null,
  language: Language,
): PlacedProblem[] {
  if (!input.key || !input.type) return [];
  const field = index === null ? fieldFromInput(input) : editedField(choice.fields[index]!, input);
  const at = index ?? choice.fields.length;
  const fields = [...choice.fields];
  fields.splice(at, index === null ? 0 : 1, field);
  const inside = `${choice.pointer}/${at}`;
  // Missing or empty labels are the form's own required marks; the rest is what publishing would say.
  const problems = checkProjectConfig(withFields(config, choice, fields)).filter(
    (p) =>
      (p.pointer === inside || p.pointer.startsWith(`${inside}/`)) &&
      p.key !== 'required' &&
      !p.pointer.startsWith(`${inside}/label/`),
  );
  return placeProblems(withFields(config, choice, fields), problems, language);
}

/** Pick a form of the draft, reorder, change or remove its fields, and add one, through a form the renderer draws. */
export function FieldBuilder({
  config,
  onChange,
  chosen,
  onChoose,
  problems,
}: {
  config: ProjectConfig;
  onChange(config: ProjectConfig): void;
  /** The draft's problems (the publish check's), each shown beside its field. */
  problems: PlacedProblem[];
  /** The form picked (`<barcode type> <form>`); the first one when none is. */
  chosen: string | undefined;
  onChoose(form: string): void;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language as Language;
  const choices = useMemo(() => formChoices(config), [config]);
  const choice = choices.find((c) => `${c.barcodeType} ${c.form}` === chosen) ?? choices[0];
  const [input, setInput] = useState<NewFieldInput>(NEW_INPUT);
  // The field being changed (its form and place), else the form adds a field.
  const [editing, setEditing] = useState<{ form: string; index: number } | null>(null);
  // Counts the fields added or changed: a new, empty form after each (not one showing the last one's 'required' errors).
  const [done, setDone] = useState(0);
  const edited =
    editing && choice && editing.form === `${choice.barcodeType} ${choice.form}`
      ? choice.fields[editing.index]
      : undefined;
  const isEditing = edited !== undefined;
  // The common part, then the chosen type's own settings (generated from its schema): recompiled when the type changes; the form stays mounted, so what was typed and the focus stay.
  const chosenType = typeof input.type === 'string' ? input.type : undefined;
  const builderForm = useMemo(
    () =>
      compileForm(
        formSourceOfFields(
          builderFormFor(chosenType),
          `${isEditing ? 'field-editor' : 'field-builder'}-${chosenType ?? 'untyped'}`,
        ),
        BUILDER_REF,
        { language, loggedIn: true },
      ),
    [language, isEditing, chosenType],
  );
  const context = useMemo(() => adminFormContext(language, BUILDER_REF), [language]);
  const typed = useDeferredValue(input);
  const typedProblems = useMemo(
    () => (choice ? problemsOfInput(config, choice, typed, isEditing ? editing!.index : null, language) : []),
    [config, choice, typed, isEditing, editing, language],
  );
  const typedList = useRef<HTMLDivElement>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!editing) return;
    formHeading.current?.focus();
    formHeading.current?.scrollIntoView({ block: 'start' });
  }, [editing]);
  // After a field is added or changed the form is drawn anew: the focus goes to its heading, not to the page.
  useEffect(() => {
    if (done > 0) formHeading.current?.focus();
  }, [done]);
  if (!choice) return null;
  const choiceId = `${choice.barcodeType} ${choice.form}`;
  const startEditing = (index: number) => {
    setEditing({ form: choiceId, index });
    setInput(inputFromField(choice.fields[index]!));
  };
  const stopEditing = () => {
    setEditing(null);
    setInput(NEW_INPUT);
  };
  const label = (c: typeof choice) =>
    c.form === 'activation' ? t('config.activation', { type: c.barcodeType }) : `${c.barcodeType}: ${c.form}`;
  const setFields = (fields: typeof choice.fields) => onChange(withFields(config, choice, fields));
  // Reordering or removing ends a change in progress (its place in the list is no longer the field's).
  const rearrange = (fields: typeof choice.fields) => {
    stopEditing();
    setFields(fields);
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="config-builder">
      <Title order={4} size="h5" id="config-builder">
        {t('config.builder')}
      </Title>
      <NativeSelect
        label={t('config.form')}
        value={`${choice.barcodeType} ${choice.form}`}
        data={choices.map((c) => ({ value: `${c.barcodeType} ${c.form}`, label: label(c) }))}
        onChange={(e) => onChoose(e.currentTarget.value)}
      />
      <Text size="sm" fw={700}>
        {t('config.fields')}
      </Text>
      <Stack
        gap={4}
        component="ol"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label={t('config.fields')}
      >
        {choice.fields.map((field, index) => {
          const own = problems.filter((p) => p.form === choiceId && p.field === field.key);
          return (
            <Card
              key={`${field.key} ${index}`}
              withBorder
              padding="xs"
              component="li"
              style={own.length > 0 ? { borderColor: 'var(--mantine-color-red-8)' } : undefined}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {field.label[language]}{' '}
                  <Text span c="dimmed" size="xs">
                    ({field.key}, {FIELD_TYPE_LABELS[field.type as CustomFieldType]?.[language] ?? field.type}
                    {field.required ? `, ${t('config.requiredMark')}` : ''})
                  </Text>
                </Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    aria-label={t('config.edit', { field: field.key })}
                    onClick={() => startEditing(index)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={t('config.moveUp', { field: field.key })}
                    disabled={index === 0}
                    onClick={() => rearrange(moved(choice.fields, index, -1))}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={t('config.moveDown', { field: field.key })}
                    disabled={index === choice.fields.length - 1}
                    onClick={() => rearrange(moved(choice.fields, index, 1))}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    color="red"
                    aria-label={t('config.remove', { field: field.key })}
                    onClick={() => rearrange(choice.fields.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
              {own.length > 0 && <ProblemList problems={own} testId="config-field-problems" />}
            </Card>
          );
        })}
      </Stack>
      <Paper withBorder p="sm" component="section" aria-labelledby="config-add-field">
        <Title order={5} size="h6" id="config-add-field" ref={formHeading} tabIndex={-1}>
          {edited ? t('config.editField', { field: edited.key }) : t('config.addField')}
        </Title>
        <ConfiguredForm
          key={`${isEditing ? 'editor' : 'builder'} ${editing?.form ?? ''} ${editing?.index ?? 'new'} ${done}`}
          form={builderForm}
          formData={input as Record<string, unknown>}
          onChange={(data) => setInput(data as NewFieldInput)}
          context={context}
          onSubmit={(data) => {
            // What publishing would refuse is refused here, where it is typed.
            // (Checked on what is sent, not on the check drawn a moment ago, which may lag the last keystroke.)
            const refused = problemsOfInput(
              config,
              choice,
              data as NewFieldInput,
              isEditing ? editing!.index : null,
              language,
            );
            if (refused.length > 0) {
              typedList.current?.focus();
              return;
            }
            if (edited && editing)
              setFields(
                choice.fields.map((f, i) => (i === editing.index ? editedField(edited, data as NewFieldInput) : f)),
              );
            else setFields([...choice.fields, fieldFromInput(data as NewFieldInput)]);
            stopEditing();
            setDone((n) => n + 1);
          }}
        >
          {typedProblems.length > 0 && (
            <Alert
              color="red"
              mt="sm"
              ref={typedList}
              tabIndex={-1}
              title={t('config.fieldRefused')}
              data-testid="config-typed-problems"
            >
              <ProblemList problems={typedProblems} />
            </Alert>
          )}
          <Group gap="xs" mt="sm">
            <Button type="submit">{edited ? t('config.applyField') : t('config.add')}</Button>
            {edited && (
              <Button variant="default" onClick={stopEditing}>
                {t('config.cancelEdit')}
              </Button>
            )}
          </Group>
        </ConfiguredForm>
      </Paper>
    </Stack>
  );
}
