import { useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Button, Card, Group, Paper, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@schemas/languages';
import type { ProjectConfig } from '@schemas/project-config';
import { compileForm, formSourceOfFields, type FormRef } from '@renderer';
import { ConfiguredForm } from '@/shared/forms/configured-form';
import { builderFormFor } from '../model/builder-form';
import {
  editedField,
  fieldFromInput,
  formChoices,
  inputFromField,
  moved,
  withFields,
  type NewFieldInput,
} from '../model/draft-edit';
import { adminFormContext } from '../model/form-context';

const BUILDER_REF: FormRef = { form: 'activation', barcodeType: 't', stage: 'activation' };

/** Pick a form of the draft, reorder, change or remove its fields, and add one, through a form the renderer draws. */
export function FieldBuilder({
  config,
  onChange,
  chosen,
  onChoose,
}: {
  config: ProjectConfig;
  onChange(config: ProjectConfig): void;
  /** The form picked (`<barcode type> <form>`); the first one when none is. */
  chosen: string | undefined;
  onChoose(form: string): void;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language as Language;
  const choices = useMemo(() => formChoices(config), [config]);
  const choice = choices.find((c) => `${c.barcodeType} ${c.form}` === chosen) ?? choices[0];
  const [input, setInput] = useState<NewFieldInput>({});
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
    setInput({});
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
        {choice.fields.map((field, index) => (
          <Card key={field.key} withBorder padding="xs" component="li">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {field.label[language]}{' '}
                <Text span c="dimmed" size="xs">
                  ({field.key}, {field.type}
                  {field.required ? ', *' : ''})
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
          </Card>
        ))}
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
            if (edited && editing)
              setFields(
                choice.fields.map((f, i) => (i === editing.index ? editedField(edited, data as NewFieldInput) : f)),
              );
            else setFields([...choice.fields, fieldFromInput(data as NewFieldInput)]);
            stopEditing();
            setDone((n) => n + 1);
          }}
        >
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
