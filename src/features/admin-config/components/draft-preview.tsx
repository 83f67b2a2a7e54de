import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Center, Code, Loader, Paper, NativeSelect, Stack, Title } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { TestEntry } from '@schemas/api/admin-config';
import { LANGUAGES, type Language } from '@schemas/languages';
import type { ProjectConfig } from '@schemas/project-config';
import { compileForm } from '@renderer';
import { ConfiguredForm } from '@/shared/forms/configured-form';
import { translateError } from '@/shared/i18n/error-message';
import { testDraft, type VersionRef } from '../api/config';
import { formChoices } from '../model/draft-edit';
import { adminFormContext } from '../model/form-context';

const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ja: '日本語',
  'zh-TW': '繁體中文',
  'zh-CN': '简体中文',
};

/** Each form of the saved draft on a phone-sized frame, in any of the four languages; a submit is a test entry (never real data). */
export function DraftPreview({
  versionRef,
  config,
  chosen,
  onChoose,
  language: picked,
  onLanguage,
}: {
  versionRef: VersionRef;
  config: ProjectConfig;
  /** The form picked (`<barcode type> <form>`); the first one when none is. */
  chosen: string | undefined;
  onChoose(form: string): void;
  /** The language picked (kept by the panel: a save redraws the editor); the interface's when none is. */
  language: Language | undefined;
  onLanguage(language: Language): void;
}) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const choices = useMemo(() => formChoices(config), [config]);
  const choice = choices.find((c) => `${c.barcodeType} ${c.form}` === chosen) ?? choices[0];
  const language: Language = picked ?? (i18next.language as Language | undefined) ?? 'en';
  const [data, setData] = useState<Record<string, unknown>>({});
  const [result, setResult] = useState<TestEntry | { failed: string } | null>(null);
  // Another form (picked here, or in the builder the preview follows) starts empty.
  const shown = choice ? `${choice.barcodeType} ${choice.form}` : '';
  const [dataOf, setDataOf] = useState(shown);
  if (dataOf !== shown) {
    setDataOf(shown);
    setData({});
    setResult(null);
  }
  const [i18n, setI18n] = useState<typeof i18next | null>(null);
  useEffect(() => {
    let alive = true;
    const clone = i18next.cloneInstance({ lng: language });
    void clone.loadNamespaces(['common', 'errors', 'forms']).then(() => alive && setI18n(clone));
    return () => {
      alive = false;
    };
  }, [language]);
  const ref = useMemo(() => {
    if (!choice) return null;
    if (choice.form === 'activation')
      return { form: 'activation' as const, barcodeType: choice.barcodeType, stage: 'activation' as const };
    const [trackPointKey = '', formKey = ''] = choice.form.split('/');
    return { form: 'trackPoint' as const, barcodeType: choice.barcodeType, trackPointKey, formKey };
  }, [choice]);
  const compiled = useMemo(
    () =>
      ref &&
      compileForm({ code: versionRef.code, version: versionRef.version, barcodeTypes: config.barcodeTypes }, ref, {
        language,
        loggedIn: true,
      }),
    [ref, config, language, versionRef],
  );
  const context = useMemo(() => ref && adminFormContext(language, ref), [ref, language]);
  if (!choice || !compiled || !context) return null;
  const submit = async (submitted: Record<string, unknown>) => {
    try {
      setResult(await testDraft(versionRef, choice.barcodeType, choice.form, submitted));
    } catch (error) {
      setResult({ failed: translateError(tCommon, error) });
    }
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="config-preview">
      <Title order={4} size="h5" id="config-preview">
        {t('config.preview')}
      </Title>
      <NativeSelect
        label={t('config.form')}
        value={`${choice.barcodeType} ${choice.form}`}
        data={choices.map((c) => ({
          value: `${c.barcodeType} ${c.form}`,
          label:
            c.form === 'activation' ? t('config.activation', { type: c.barcodeType }) : `${c.barcodeType}: ${c.form}`,
        }))}
        onChange={(e) => onChoose(e.currentTarget.value)}
      />
      <NativeSelect
        label={t('config.language')}
        value={language}
        onChange={(e) => onLanguage(e.currentTarget.value as Language)}
        data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      />
      <Paper withBorder radius="lg" p="md" maw={390} w="100%" mx="auto" data-testid="phone-frame" lang={language}>
        {!i18n ? (
          <Center mih={120}>
            <Loader />
          </Center>
        ) : (
          <I18nextProvider i18n={i18n}>
            <ConfiguredForm
              key={compiled.schema.$id}
              form={compiled}
              formData={data}
              onChange={setData}
              context={context}
              onSubmit={(d) => void submit(d)}
            >
              <Button type="submit" fullWidth mt="md">
                {t('config.test')}
              </Button>
            </ConfiguredForm>
          </I18nextProvider>
        )}
      </Paper>
      {result &&
        ('failed' in result ? (
          <Alert color="red" role="status">
            {result.failed}
          </Alert>
        ) : (
          <Alert color={result.valid ? 'teal' : 'red'} role="status" data-testid="config-test-result">
            {result.valid ? t('config.testPassed') : t('config.testRefused')}
            <Code block>{JSON.stringify(result.valid ? result.data : result.errors, null, 2)}</Code>
          </Alert>
        ))}
    </Stack>
  );
}
