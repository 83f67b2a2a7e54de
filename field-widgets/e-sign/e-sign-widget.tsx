import { lazy, Suspense, useState } from 'react';
import { Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldWidgetProps } from '../types';

const SignatureDialog = lazy(() => import('./signature-dialog'));

/**
 * E-sign: Sign opens a dialog with the pad; OK uploads the drawing as a PNG file and keeps its
 * URL; Undo in the dialog clears it. 'Please sign' when required and empty.
 */
export function ESignWidget({
  id,
  value,
  onChange,
  label,
  description,
  required,
  readOnly,
  disabled,
  error,
  context,
}: FieldWidgetProps<string>) {
  const { t } = useTranslation('forms');
  const [signing, setSigning] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const signed = async (png: Blob) => {
    setSigning(false);
    setSaving(true);
    setFailed(false);
    try {
      const file = new File([png], `signature-${Date.now()}.png`, { type: 'image/png' });
      const url = await context.uploadFile(file, () => undefined);
      if (value) void context.deleteFile(value);
      onChange(url);
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Input.Wrapper id={id} label={label} description={description} withAsterisk={required} error={error}>
      <Stack gap={6} mt={4}>
        {value && (
          <Image
            src={value}
            alt={t('widgets.signature')}
            w={150}
            h={120}
            fit="contain"
            bd="1px solid var(--mantine-color-gray-3)"
            radius="sm"
          />
        )}
        {!readOnly && (
          <Group>
            <Button variant="light" onClick={() => setSigning(true)} loading={saving} disabled={disabled}>
              {t('widgets.sign')}
            </Button>
            {value && (
              <Button
                variant="subtle"
                color="gray"
                onClick={() => {
                  void context.deleteFile(value);
                  onChange(undefined);
                }}
              >
                {t('widgets.clear')}
              </Button>
            )}
          </Group>
        )}
        {failed && (
          <Text size="sm" c="red" role="alert">
            {t('widgets.uploadFailed')}
          </Text>
        )}
      </Stack>
      {signing && (
        <Suspense fallback={null}>
          <SignatureDialog title={label} onCancel={() => setSigning(false)} onSigned={(png) => void signed(png)} />
        </Suspense>
      )}
    </Input.Wrapper>
  );
}
