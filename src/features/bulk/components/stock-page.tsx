import { useEffect, useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Alert, Button, Loader, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StockType } from '@schemas/api/location';
import type { Language } from '@schemas/languages';
import { bulkMaxCountOf } from '@/shared/project/bulk-max';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { useErrorText } from '@/shared/i18n/error-message';
import { useCurrentProject } from '@/shared/project/use-project';
import { useBulkList } from '@/shared/scan-list/use-bulk-list';
import { checkStock, stock, useAvailableLocations } from '../api/bulk';
import { locationName } from '../model/location-name';
import { asCheck, BulkScreen, idsOf, useBulkSubmit } from './bulk-screen';

/**
 * `.../stock-in` and `.../stock-out` (restricted): the barcode the screen was opened from is
 * listed, more can be scanned; the user chooses among the locations available for this barcode,
 * its trackpoint and the action (GET /location/available-locations); each listed barcode is
 * checked against that location as it arrives, and the button stocks all of them in (out), or
 * none.
 */
export function StockPage({ type }: { type: StockType }) {
  const { t, i18n } = useTranslation('bulk');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const language = i18n.language as Language;
  const project = useCurrentProject();
  const { barcode, detailPath } = useCurrentBarcode();
  const {
    data: locations,
    error,
    isLoading,
  } = useAvailableLocations(project, barcode.id, barcode.currentTrackPointKey, type);
  const [chosen, setChosen] = useState<string | null>(null);
  // One location offered (stock out: the bin it is in): chosen already.
  const locationId = chosen ?? (locations?.length === 1 ? locations[0]!.id : null);
  const projectId = project.id;
  // No location chosen yet: the entries wait for one.
  const check = useMemo(
    () => (locationId ? asCheck((barcodeIds) => checkStock({ projectId, type, barcodeIds, locationId })) : null),
    [projectId, type, locationId],
  );
  const list = useBulkList(check, [barcode.id], { screen: `stock-${type}`, barcodeId: barcode.id });
  const sending = useBulkSubmit(list);
  const { recheck } = list;
  // Another location: every verdict was about the former one.
  useEffect(() => recheck(), [locationId, recheck]);

  if (!sending.done && !barcode.isActivated) return <Navigate to={detailPath} replace />;
  const max = bulkMaxCountOf(project);
  const count = list.summary.total;
  const chosenLocation = locations?.find((l) => l.id === locationId);
  // Until a location is chosen nothing can be checked: the list says why instead of 'Checking…'.
  const several = (locations?.length ?? 0) > 1;
  const waiting = locationId
    ? undefined
    : {
        status: isLoading
          ? t('stock.loading')
          : several
            ? t('stock.chooseFirst', { count: locations?.length ?? 0 })
            : t('stock.none'),
        row: t('stock.waitingRow'),
      };
  const submit = () =>
    locationId &&
    sending.submit(
      stock,
      { projectId, type, barcodeIds: idsOf(list), locationId },
      {
        done: (answer) =>
          t(type === 'in' ? 'stock.doneIn' : 'stock.doneOut', {
            count: answer.readyCount,
            location: locationName(answer.location, language),
          }),
        failed: t(type === 'in' ? 'stock.failedIn' : 'stock.failedOut'),
      },
    );

  return (
    <BulkScreen
      title={t(type === 'in' ? 'stock.titleIn' : 'stock.titleOut')}
      routeName={`stock-${type}`}
      handheld={false}
      list={list}
      sending={sending}
      doneLabel={t(type === 'in' ? 'stock.outcomeIn' : 'stock.outcomeOut')}
      waiting={waiting}
      intro={
        <>
          {isLoading && <Loader size="sm" aria-label={t('stock.loading')} />}
          {error !== undefined && (
            <Alert color="red" variant="light" role="alert">
              {errorText(error)}
            </Alert>
          )}
          {locations && locations.length === 0 && (
            <Alert variant="light" data-testid="no-locations">
              {t('stock.none')}
            </Alert>
          )}
          {locations && locations.length > 0 && (
            <Select
              label={t('stock.location')}
              placeholder={t('stock.choose')}
              data={locations.map((l) => ({ value: l.id, label: locationName(l, language) }))}
              value={locationId}
              onChange={setChosen}
              allowDeselect={false}
              disabled={sending.sending || sending.done}
              searchable={locations.length > 8}
              data-testid="location-select"
              description={several && !locationId ? t('stock.chooseWhy') : undefined}
              size="md"
            />
          )}
          {count > max && (
            <Alert color="red" variant="light" role="alert">
              {tc('3089', { ns: 'errors', count: max })}
            </Alert>
          )}
        </>
      }
      actions={
        <Button
          onClick={() => void submit()}
          disabled={!chosenLocation || !(list.summary.canSubmit || list.summary.canQueue) || count > max}
          loading={sending.sending}
        >
          {t(type === 'in' ? 'stock.submitIn' : 'stock.submitOut', { count })}
        </Button>
      }
    />
  );
}

export const StockInPage = () => <StockPage type="in" />;
export const StockOutPage = () => <StockPage type="out" />;
