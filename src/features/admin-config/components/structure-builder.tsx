import { useMemo, useState } from 'react';
import { ActionIcon, Button, Card, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@schemas/languages';
import type { ProjectConfig } from '@schemas/project-config';
import { compileForm, formSourceOfFields, type FormRef } from '@renderer';
import { ConfiguredForm } from '@/shared/forms/configured-form';
import { NAMED_FORM } from '../model/builder-form';
import { adminFormContext } from '../model/form-context';
import {
  typesInOrder,
  withBarcodeTypeAdded,
  withBarcodeTypeMoved,
  withBarcodeTypeRemoved,
  withTrackPointAdded,
  withTrackPointMoved,
  withTrackPointRemoved,
  type NamedInput,
} from '../model/structure';

const REF: FormRef = { form: 'activation', barcodeType: 't', stage: 'activation' };

interface Row {
  key: string;
  name: string;
}

/** A list of keyed, named things with up, down and remove; the last one cannot be removed when `keepOne`. */
function OrderedList({
  label,
  rows,
  onMove,
  onRemove,
  keepOne,
}: {
  label: string;
  rows: Row[];
  onMove(index: number, by: -1 | 1): void;
  onRemove(index: number): void;
  keepOne: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={label}>
      {rows.map((row, index) => (
        <Card key={row.key} withBorder padding="xs" component="li">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {row.name}{' '}
              <Text span c="dimmed" size="xs">
                ({row.key})
              </Text>
            </Text>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="default"
                aria-label={t('config.moveUp', { field: row.key })}
                disabled={index === 0}
                onClick={() => onMove(index, -1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="default"
                aria-label={t('config.moveDown', { field: row.key })}
                disabled={index === rows.length - 1}
                onClick={() => onMove(index, 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="default"
                color="red"
                aria-label={t('config.remove', { field: row.key })}
                disabled={keepOne && rows.length === 1}
                onClick={() => onRemove(index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** An add form (key and a name in four languages), a configured form drawn by the renderer like the field builder's. */
function AddNamed({
  id,
  idPrefix,
  title,
  submit,
  onAdd,
  language,
}: {
  id: string;
  idPrefix: string;
  title: string;
  submit: string;
  onAdd(input: NamedInput): void;
  language: Language;
}) {
  const [input, setInput] = useState<NamedInput>({});
  const form = useMemo(
    () => compileForm(formSourceOfFields(NAMED_FORM, id), REF, { language, loggedIn: true }),
    [id, language],
  );
  const context = useMemo(() => adminFormContext(language, REF), [language]);
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={id}>
      <Title order={5} size="h6" id={id}>
        {title}
      </Title>
      <ConfiguredForm
        key={form.schema.$id}
        idPrefix={idPrefix}
        form={form}
        formData={input as Record<string, unknown>}
        onChange={(data) => setInput(data as NamedInput)}
        context={context}
        onSubmit={(data) => {
          onAdd(data as NamedInput);
          setInput({});
        }}
      >
        <Button type="submit" mt="sm">
          {submit}
        </Button>
      </ConfiguredForm>
    </Paper>
  );
}

/** The draft's structure: its barcode types and each type's trackpoints, added, removed and reordered. */
export function StructureBuilder({
  config,
  onChange,
}: {
  config: ProjectConfig;
  onChange(config: ProjectConfig): void;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language as Language;
  const types = typesInOrder(config);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const typeKey = picked !== undefined && config.barcodeTypes[picked] ? picked : types[0]?.[0];
  const type = typeKey ? config.barcodeTypes[typeKey] : undefined;
  const nameOf = (names: Record<Language, string>) => names[language] || names.en;

  return (
    <Stack gap="xs" component="section" aria-labelledby="config-structure">
      <Title order={4} size="h5" id="config-structure">
        {t('config.structure')}
      </Title>
      <Text size="sm" fw={700}>
        {t('config.types')}
      </Text>
      <OrderedList
        label={t('config.types')}
        rows={types.map(([key, bt]) => ({ key, name: nameOf(bt.name) }))}
        keepOne
        onMove={(index, by) => onChange(withBarcodeTypeMoved(config, types[index]![0], by))}
        onRemove={(index) => onChange(withBarcodeTypeRemoved(config, types[index]![0]))}
      />
      <AddNamed
        id="config-add-type"
        idPrefix="newType"
        title={t('config.addType')}
        submit={t('config.addTypeSubmit')}
        language={language}
        onAdd={(input) => onChange(withBarcodeTypeAdded(config, input))}
      />
      {typeKey && type && (
        <>
          <NativeSelect
            label={t('config.barcodeType')}
            value={typeKey}
            data={types.map(([key, bt]) => ({ value: key, label: `${nameOf(bt.name)} (${key})` }))}
            onChange={(e) => setPicked(e.currentTarget.value)}
          />
          <Text size="sm" fw={700}>
            {t('config.trackPointsOf', { type: typeKey })}
          </Text>
          <OrderedList
            label={t('config.trackPointsOf', { type: typeKey })}
            rows={type.trackPoints.map((p) => ({ key: p.key, name: nameOf(p.name) }))}
            keepOne
            onMove={(index, by) => onChange(withTrackPointMoved(config, typeKey, index, by))}
            onRemove={(index) => onChange(withTrackPointRemoved(config, typeKey, index))}
          />
          <AddNamed
            id="config-add-trackpoint"
            idPrefix="newTrackPoint"
            title={t('config.addTrackPoint', { type: typeKey })}
            submit={t('config.addTrackPointSubmit')}
            language={language}
            onAdd={(input) => onChange(withTrackPointAdded(config, typeKey, input))}
          />
        </>
      )}
    </Stack>
  );
}
