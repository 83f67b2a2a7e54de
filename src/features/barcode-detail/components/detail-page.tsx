import type { ReactNode } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { useCurrentProject } from '@/shared/project/use-project';
import { useProfile } from '@/shared/session/use-profile';
import { ActivationData } from './activation-data';
import { Alerts } from './alerts';
import { BarcodeLabel } from './barcode-label';
import { DetailActions } from './detail-actions';
import { EpcisDownload } from './epcis-download';
import { GhgEmissions } from './ghg-emissions';
import { HoldNotice } from './hold-notice';

/**
 * `/{project}/qrcode/{barcodeId}` (open): the barcode label and state, its data as the viewer
 * may see it, the actions the viewer may take now, and (for users) its alerts. The app composes
 * what other features show here: `relations` (parents, children, links; drawn only for a
 * barcode that has any, so its code loads only then), `stock` (where it is stocked and since
 * when; drawn only for a barcode in stock), `label` (its printable label, for users) and whether
 * this is a handheld terminal (its own pair, link and bulk screens).
 */
export function DetailPage({
  relations,
  stock,
  label,
  handheld = false,
}: {
  relations?: ReactNode;
  stock?: ReactNode;
  label?: ReactNode;
  handheld?: boolean;
}) {
  const { t } = useTranslation('barcode');
  const project = useCurrentProject();
  const { barcode } = useCurrentBarcode();
  const { data: profile } = useProfile();
  const loggedIn = Boolean(profile);
  const { parentId, childrenCount, linkToCount, beLinkedCount } = barcode.hierarchy;
  const related = parentId !== null || childrenCount + linkToCount + beLinkedCount > 0;
  return (
    <Stack gap="md">
      <BarcodeLabel project={project} barcode={barcode} />
      {barcode.hold && <HoldNotice hold={barcode.hold} />}
      {!barcode.isActivated && (
        <Alert variant="light" color="gray">
          {t('detail.notActivatedHint')}
        </Alert>
      )}
      <DetailActions project={project} barcode={barcode} loggedIn={loggedIn} handheld={handheld} />
      {related && relations}
      {barcode.stock && stock}
      <ActivationData project={project} barcode={barcode} loggedIn={loggedIn} />
      {loggedIn && barcode.isActivated && <GhgEmissions project={project} barcode={barcode} />}
      {loggedIn && <Alerts barcodeId={barcode.id} />}
      {loggedIn && label}
      {loggedIn && <EpcisDownload barcodeId={barcode.id} />}
      {!loggedIn && <Alert variant="light">{t('detail.loginForMore')}</Alert>}
    </Stack>
  );
}
