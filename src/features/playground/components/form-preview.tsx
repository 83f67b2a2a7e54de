import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  Center,
  Code,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { ProjectConfig } from '@schemas/project-config';
import { LANGUAGES, type Language } from '@schemas/languages';
import { compileForm, formsOf, stageOf, suggestionsOf } from '@renderer';
import { validateFormData } from '@renderer/validate';
import { deviceSettings } from '@/shared/storage/device-settings';
import { ConfiguredForm } from '@/shared/forms/configured-form';
import { localFileContext } from '../model/playground-config';

const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ja: '日本語',
  'zh-TW': '繁體中文',
  'zh-CN': '简体中文',
};

/** A string in the preview's language (read through the preview's own i18n provider). */
function PreviewText({ k }: { k: 'playground.submit' }) {
  const { t } = useTranslation('forms');
  return t(k);
}

export interface FormPreviewProps {
  config: ProjectConfig;
}

/**
 * Every form of every barcode type, drawn as a phone would draw it, in any of the four languages,
 * logged in or out; submitting shows the data and the errors the server would answer.
 */
export function FormPreview({ config }: FormPreviewProps) {
  const { t } = useTranslation('forms');
  const typeKeys = Object.keys(config.barcodeTypes).sort(
    (a, b) => (config.barcodeTypes[a]?.order ?? 0) - (config.barcodeTypes[b]?.order ?? 0),
  );
  const [barcodeType, setBarcodeType] = useState(typeKeys[0] ?? '');
  const type = config.barcodeTypes[barcodeType] ?? config.barcodeTypes[typeKeys[0] ?? ''];
  const forms = useMemo(() => (type ? formsOf(barcodeType, type) : []), [barcodeType, type]);
  const [formKey, setFormKey] = useState('activation');
  const formRef = forms.find((f) => f.form === formKey) ?? forms[0];
  const [language, setLanguage] = useState<Language>((i18next.language as Language) ?? 'en');
  const [loggedIn, setLoggedIn] = useState(true);
  const [data, setData] = useState<Record<string, unknown>>({});
  const [result, setResult] = useState<ReturnType<typeof validateFormData> | null>(null);
  const [i18n, setI18n] = useState<typeof i18next | null>(null);

  useEffect(() => {
    // The preview speaks its own language: a private i18n instance, shown once its strings
    // (including the form namespace) are loaded, so no raw key is ever drawn.
    let alive = true;
    const clone = i18next.cloneInstance({ lng: language });
    void clone.loadNamespaces(['common', 'errors', 'forms']).then(() => {
      if (alive) setI18n(clone);
    });
    return () => {
      alive = false;
    };
  }, [language]);

  const compiled = useMemo(
    () =>
      formRef &&
      compileForm({ code: 'playground', version: 1, barcodeTypes: config.barcodeTypes }, formRef.ref, {
        language,
        loggedIn,
      }),
    [config, formRef, language, loggedIn],
  );
  const context = useMemo(
    () => ({
      language,
      stage: formRef ? stageOf(formRef.ref) : ('activation' as const),
      ...suggestionsOf(config.barcodeTypes[barcodeType]),
      ...localFileContext(),
      deviceSettings,
    }),
    [language, formRef, config, barcodeType],
  );

  const reset = () => {
    setData({});
    setResult(null);
  };
  if (!compiled || !formRef) return <Text c="dimmed">{t('playground.noForms')}</Text>;
  if (!i18n)
    return (
      <Center mih={200}>
        <Loader />
      </Center>
    );
  return (
    <Stack gap="sm">
      <Select
        label={t('playground.barcodeType')}
        value={barcodeType}
        data={typeKeys.map((k) => ({ value: k, label: `${config.barcodeTypes[k]?.name[language] ?? k} (${k})` }))}
        onChange={(v) => {
          setBarcodeType(v ?? typeKeys[0] ?? '');
          setFormKey('activation');
          reset();
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
      <Select
        label={t('playground.form')}
        value={formRef.form}
        data={forms.map((f) => ({
          value: f.form,
          label: f.form === 'activation' ? t('playground.activationForm') : f.form,
        }))}
        onChange={(v) => {
          setFormKey(v ?? 'activation');
          reset();
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
      <SegmentedControl
        value={language}
        onChange={(v) => setLanguage(v as Language)}
        data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        aria-label={t('playground.language')}
      />
      <Switch
        label={t('playground.loggedIn')}
        checked={loggedIn}
        onChange={(e) => {
          setLoggedIn(e.currentTarget.checked);
          setResult(null);
        }}
      />
      <Paper withBorder radius="lg" p="md" maw={390} w="100%" mx="auto" data-testid="phone-frame" lang={language}>
        <I18nextProvider i18n={i18n}>
          <ConfiguredForm
            key={compiled.schema.$id}
            form={compiled}
            formData={data}
            onChange={setData}
            context={context}
            onSubmit={(submitted) => setResult(validateFormData(compiled, submitted))}
          >
            <Button type="submit" fullWidth mt="md" size="md">
              <PreviewText k="playground.submit" />
            </Button>
          </ConfiguredForm>
        </I18nextProvider>
      </Paper>
      {result && (
        <Stack gap={4} data-testid="playground-result">
          <Title order={3} size="h5">
            {Object.keys(result.errors).length === 0 ? t('playground.accepted') : t('playground.refused')}
          </Title>
          <Code block>
            {JSON.stringify(Object.keys(result.errors).length === 0 ? result.data : result.errors, null, 2)}
          </Code>
        </Stack>
      )}
    </Stack>
  );
}
