import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Address } from '@schemas/api/barcode';
import { useUserAddresses } from '../api/addresses';

const oneLine = (a: Address) => [a.companyName, a.address1, a.prefecture, a.country].filter(Boolean).join(', ');

/**
 * Suggestions for an address step: the user's address book and the addresses they used before;
 * picking one fills the form, which stays editable.
 */
export function SavedAddressPicker({ onPick }: { onPick(address: Address): void }) {
  const { t } = useTranslation('barcode');
  const { data } = useUserAddresses();
  const entries = [
    ...(data?.addressBook ?? []).map((address) => ({ address, group: t('activate.addressBook') })),
    ...(data?.history ?? []).map((address) => ({ address, group: t('activate.addressHistory') })),
  ];
  if (entries.length === 0) return null;
  const groups = [...new Set(entries.map((e) => e.group))].map((group) => ({
    group,
    items: entries
      .map((e, i) => ({ ...e, value: String(i) }))
      .filter((e) => e.group === group)
      .map((e) => ({ value: e.value, label: oneLine(e.address) })),
  }));
  return (
    <Select
      label={t('activate.savedAddress')}
      placeholder={t('activate.savedAddressPlaceholder')}
      data={groups}
      value={null}
      size="md"
      mb="md"
      onChange={(value) => {
        const entry = value === null ? undefined : entries[Number(value)];
        if (entry) onPick(entry.address);
      }}
      comboboxProps={{ withinPortal: false, hideDetached: false }}
      searchable
    />
  );
}
