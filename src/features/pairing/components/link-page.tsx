import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import type { LinkDirection } from '@schemas/api/pairing';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { checkLinking, linkBarcodes, useReservedCount } from '../api/pairing';
import { ScanListScreen } from './scan-list-screen';

/**
 * `.../link-to`, `.../be-linked` and `.../linkkht` (restricted): link this barcode to the
 * scanned targets (link-to), or the scanned barcodes to this one (be-linked); each entry is
 * checked by the server as it is added, OK links them all at once. The handheld route links to
 * targets with the trigger, no camera.
 */
export function LinkPage({ direction, handheld = false }: { direction: LinkDirection; handheld?: boolean }) {
  const { t } = useTranslation('pairing');
  const { barcode, detailPath } = useCurrentBarcode();
  const { data: reserved } = useReservedCount(barcode.id, 'linking');
  const check = useCallback(
    async (targetIds: string[]) => {
      const answer = await checkLinking({ direction, barcodeId: barcode.id, targetIds });
      return { verdicts: answer.targets, reserved: answer.reserved };
    },
    [barcode.id, direction],
  );
  const submit = async (targetIds: string[]) => {
    const input = { direction, barcodeId: barcode.id, targetIds };
    await linkBarcodes.send(input);
    await linkBarcodes.revalidate(input);
    return t('link.done', { count: targetIds.length });
  };
  if (barcode.relationActions?.link.code != null) return <Navigate to={detailPath} replace />;
  const title = handheld
    ? t('link.titleHandheld')
    : direction === 'link-to'
      ? t('link.titleLinkTo')
      : t('link.titleBeLinked');
  return (
    <ScanListScreen
      title={title}
      routeName={handheld ? 'linkkht' : direction}
      handheld={handheld}
      reserved={reserved}
      reservedText={(r, over) =>
        over > 0
          ? t('link.reservedOver', { count: over, links: r.count, max: r.max })
          : t('link.reserved', { count: r.count, max: r.max })
      }
      check={check}
      submitLabel={(count) => t('link.submit', { count })}
      submit={submit}
    />
  );
}

/** `.../link-to`: this barcode links to the scanned targets. */
export const LinkToPage = () => <LinkPage direction="link-to" />;
/** `.../be-linked`: the scanned barcodes link to this one. */
export const BeLinkedPage = () => <LinkPage direction="be-linked" />;
/** `.../linkkht`: link-to on a handheld terminal (the trigger, no camera). */
export const LinkKhtPage = () => <LinkPage direction="link-to" handheld />;
