import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/shared/ui/toasts';
import { useSending } from '@/shared/ui/use-sending';
import { downloadEpcis } from '../api/epcis';

/** 'Download EPCIS 2.0' on the detail page (users of the project's enterprise): the barcode's and its descendants' events as a JSON-LD file. */
export function EpcisDownload({ barcodeId }: { barcodeId: string }) {
  const { t } = useTranslation('barcode');
  const { busy, send } = useSending();
  const download = () =>
    send(async () => {
      await downloadEpcis(barcodeId);
      showToast('success', t('epcis.done'));
    });
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
    >
      {busy ? t('epcis.downloading') : t('epcis.download')}
    </Button>
  );
}
