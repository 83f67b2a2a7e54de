import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { checkPairing, pairChildren, useReservedCount } from '../api/pairing';
import { ScanListScreen } from './scan-list-screen';

/**
 * `.../pair` and `.../pairkht` (restricted): this barcode is the parent; children are listed by
 * camera (not on a handheld terminal), trigger or typing, each checked by the server as it is
 * added; OK pairs them all at once. A barcode that cannot take children now (its type, its
 * trackpoint, its state: the server's `relationActions`) goes back to its detail page, which
 * says why.
 */
export function PairPage({ handheld = false }: { handheld?: boolean }) {
  const { t } = useTranslation('pairing');
  const { barcode, detailPath } = useCurrentBarcode();
  const { data: reserved } = useReservedCount(barcode.id, 'pairing');
  const check = useCallback(
    async (ids: string[]) => {
      const answer = await checkPairing(barcode.id, ids);
      return { verdicts: answer.children, reserved: answer.reserved };
    },
    [barcode.id],
  );
  const submit = async (childrenIds: string[]) => {
    const input = { parentId: barcode.id, childrenIds };
    await pairChildren.send(input);
    await pairChildren.revalidate(input);
    return t('pair.done', { count: childrenIds.length });
  };
  if (barcode.relationActions?.pair.code != null) return <Navigate to={detailPath} replace />;
  return (
    <ScanListScreen
      title={t(handheld ? 'pair.titleHandheld' : 'pair.title')}
      routeName={handheld ? 'pairkht' : 'pair'}
      handheld={handheld}
      reserved={reserved}
      reservedText={(r, over) =>
        over > 0
          ? t('pair.reservedOver', { count: over, children: r.count, max: r.max })
          : t('pair.reserved', { count: r.count, max: r.max })
      }
      check={check}
      submitLabel={(count) => t('pair.submit', { count })}
      submit={submit}
    />
  );
}

/** `.../pairkht`: pairing on a handheld terminal (the trigger, no camera). */
export const PairKhtPage = () => <PairPage handheld />;
