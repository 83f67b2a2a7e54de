import { useMemo, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { bulkMaxCountOf } from '@/shared/project/bulk-max';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { useCurrentProject } from '@/shared/project/use-project';
import { useBulkList } from '@/shared/scan-list/use-bulk-list';
import { bulkRecycle, checkBulkRecycle } from '../api/bulk';
import { asCheck, BulkScreen, idsOf, useBulkSubmit } from './bulk-screen';

/**
 * `.../bulk-recycle` (restricted): barcodes listed by camera, trigger or typing, each checked by
 * the recycle dry run as it arrives (activated, finished its trip, not paired, linked or sealed);
 * once all are ready, Recycle asks to confirm and recycles every one of them, or none.
 */
export function BulkRecyclePage() {
  const { t } = useTranslation('bulk');
  const { t: tc } = useTranslation();
  const project = useCurrentProject();
  const { barcode } = useCurrentBarcode();
  const projectId = project.id;
  const check = useMemo(() => asCheck((barcodeIds) => checkBulkRecycle({ projectId, barcodeIds })), [projectId]);
  const list = useBulkList(check, [barcode.id], { screen: 'bulk-recycle', barcodeId: barcode.id });
  const sending = useBulkSubmit(list);
  const [confirming, setConfirming] = useState(false);
  const max = bulkMaxCountOf(project);
  const count = list.summary.total;
  const recycle = async () => {
    setConfirming(false);
    await sending.submit(
      bulkRecycle,
      { projectId, barcodeIds: idsOf(list) },
      {
        done: (answer) => t('recycle.done', { count: answer.readyCount }),
        failed: t('recycle.failed'),
      },
    );
  };
  return (
    <>
      <BulkScreen
        title={t('recycle.title')}
        routeName="bulk-recycle"
        handheld={false}
        list={list}
        sending={sending}
        doneLabel={t('recycle.outcome')}
        intro={<Text size="sm">{count > max ? tc('3089', { ns: 'errors', count: max }) : t('recycle.intro')}</Text>}
        actions={
          <Button
            color="red"
            onClick={() => setConfirming(true)}
            disabled={!(list.summary.canSubmit || list.summary.canQueue) || count > max}
            loading={sending.sending}
          >
            {t('recycle.submit', { count })}
          </Button>
        }
      />
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('recycle.title')}
        closeButtonProps={{ 'aria-label': tc('common.close') }}
        centered
      >
        <Text>{t('recycle.confirm', { count })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {tc('common.cancel')}
          </Button>
          <Button color="red" onClick={() => void recycle()}>
            {t('recycle.submit', { count })}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
