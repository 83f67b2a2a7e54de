import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import useSWR, { type Key } from 'swr';
import type { ActivationBody, TrackingBody } from '@schemas/api/barcode';
import { activateBarcode, editActivation } from '@/features/activation/api/activation';
import { userAddressesKey } from '@/features/activation/api/addresses';
import { childrenKey } from '@/features/barcode-detail/api/children';
import { recycleBarcode, undoTracking } from '@/features/barcode-detail/api/changes';
import { historyPageKey } from '@/features/barcode-detail/api/history';
import { notificationsKey } from '@/features/barcode-detail/api/notifications';
import { addTracking, referenceDataKey } from '@/features/tracking/api/tracking';
import { api } from '@/shared/api';
import { generateBarcode } from '@/shared/api/barcode';
import { trackingCountKey } from '@/shared/api/keys';
import type { Mutation } from '@/shared/api/mutation';
import { barcodeKey } from '@/shared/api/use-barcode';

afterEach(() => {
  vi.restoreAllMocks();
});

let run = 0;

/**
 * Mounts one SWR read per key factory, for barcode `id` and for another barcode, and counts
 * the requests each makes once mounted: a revalidated read asks again.
 */
async function mountReads() {
  run += 1;
  const id = `CONTRACT${run}`;
  const keys = {
    record: barcodeKey('demo', id),
    lookup: barcodeKey('demo', `externalId=PO-${run}`),
    history: historyPageKey(id, 0),
    notifications: notificationsKey(id),
    children: childrenKey(id),
    referenceData: referenceDataKey(id),
    otherBarcode: barcodeKey('demo', `OTHER${run}`),
    otherHistory: historyPageKey(`OTHER${run}`, 0),
    trackingCount: trackingCountKey(`project-${run}`, '20260101', 9),
    userAddresses: userAddressesKey(),
  };
  const requests: Record<string, number> = {};
  function Read({ name, swrKey }: { name: string; swrKey: Key }) {
    useSWR(swrKey, () => {
      requests[name] = (requests[name] ?? 0) + 1;
      return name;
    });
    return null;
  }
  const view = render(
    <>
      {Object.entries(keys).map(([name, key]) => (
        <Read key={name} name={name} swrKey={key} />
      ))}
    </>,
  );
  await act(async () => undefined);
  const before = { ...requests };
  const asked = () =>
    Object.keys(keys)
      .filter((name) => (requests[name] ?? 0) > (before[name] ?? 0))
      .sort();
  return { id, asked, unmount: view.unmount };
}

const BARCODE_READS = ['children', 'history', 'notifications', 'record', 'referenceData'];

async function revalidatedBy<I>(mutation: Mutation<I, unknown>, input: (id: string) => I): Promise<string[]> {
  const reads = await mountReads();
  await act(async () => {
    await mutation.revalidate(input(reads.id));
  });
  const asked = reads.asked();
  reads.unmount();
  return asked;
}

const activation = (barcodeId: string): ActivationBody => ({ barcodeId, barcodeType: 'case', customFields: {} });
const tracking = (barcodeId: string): TrackingBody => ({ barcodeId, trackPointKey: 'carrier', forms: {} });

describe('each mutation revalidates the reads it makes stale, and only those', () => {
  it('activation and its edit: everything read about the barcode, and the addresses used before', async () => {
    expect(await revalidatedBy(activateBarcode, activation)).toEqual([...BARCODE_READS, 'userAddresses'].sort());
    expect(await revalidatedBy(editActivation, activation)).toEqual([...BARCODE_READS, 'userAddresses'].sort());
  });

  it('adding and undoing a tracking step: the barcode and the tracking counts', async () => {
    expect(await revalidatedBy(addTracking, tracking)).toEqual([...BARCODE_READS, 'trackingCount'].sort());
    expect(await revalidatedBy(undoTracking, (id) => ({ barcodeId: id, seq: 3 }))).toEqual(
      [...BARCODE_READS, 'trackingCount'].sort(),
    );
  });

  it('recycling: the barcode only', async () => {
    expect(await revalidatedBy(recycleBarcode, (id) => id)).toEqual(BARCODE_READS);
  });
});

describe('sending a change', () => {
  it('posts it and leaves revalidation to its caller (the toast comes between)', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(true);
    const put = vi.spyOn(api, 'put').mockResolvedValue(true);
    const reads = await mountReads();
    await act(async () => {
      await activateBarcode.send(activation(reads.id));
      await editActivation.send(activation(reads.id));
      await addTracking.send(tracking(reads.id));
      await undoTracking.send({ barcodeId: reads.id, seq: 3 });
    });
    expect(post.mock.calls).toEqual([
      ['/barcode/activation', activation(reads.id)],
      ['/barcode/tracking', tracking(reads.id)],
      ['/barcode/undo-tracking', { barcodeId: reads.id, seq: 3 }],
    ]);
    expect(put.mock.calls).toEqual([['/barcode/activation', activation(reads.id)]]);
    expect(reads.asked()).toEqual([]);
    reads.unmount();
  });

  it('generates every barcode through one POST /barcode/barcode, with the scanned code when there is one', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ id: 'AAAAAAAAAAAA' });
    expect(await generateBarcode({ code: 'demo', version: 1 })).toEqual({ id: 'AAAAAAAAAAAA' });
    await generateBarcode({ code: 'demo', version: 1 }, 'PO-1');
    expect(post.mock.calls).toEqual([
      ['/barcode/barcode', { projectCode: 'demo', projectVersion: 1, externalId: undefined }],
      ['/barcode/barcode', { projectCode: 'demo', projectVersion: 1, externalId: 'PO-1' }],
    ]);
    // What goes over the wire: no externalId at all from home's button.
    expect(JSON.stringify(post.mock.calls[0]?.[1])).toBe('{"projectCode":"demo","projectVersion":1}');
  });
});
