import { Alert, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Product } from '@schemas/api/search';
import type { Language } from '@schemas/languages';
import { useErrorText } from '@/shared/i18n/error-message';
import { useProducts } from '../api/products';

interface ProductPickerProps {
  projectId: string;
  value: string | undefined;
  /** The product picked (undefined: none); its defaults prefill the activation fields. */
  onPick(product: Product | undefined): void;
}

/**
 * A client user's product: picking one fills in its values for the activation fields (still
 * editable); the activation records its code. A list that cannot load says so and leaves the
 * activation possible without a product.
 */
export function ProductPicker({ projectId, value, onPick }: ProductPickerProps) {
  const { t, i18n } = useTranslation('barcode');
  const language = i18n.language as Language;
  const errorText = useErrorText();
  const { data, error, isLoading } = useProducts(projectId, true);
  if (error !== undefined)
    return (
      <Alert color="yellow" variant="light">
        {t('product.loadFailed', { message: errorText(error) })}
      </Alert>
    );
  if (!isLoading && (data ?? []).length === 0) return null;
  return (
    <Stack gap={4}>
      <Select
        label={t('product.label')}
        value={value ?? ''}
        allowDeselect={false}
        disabled={isLoading}
        data={[
          { value: '', label: t('product.none') },
          ...(data ?? []).map((p) => ({ value: p.code, label: `${p.name[language]} (${p.code})` })),
        ]}
        onChange={(code) => onPick(data?.find((p) => p.code === code))}
      />
      <Text size="xs" c="dimmed">
        {t('product.hint')}
      </Text>
    </Stack>
  );
}
