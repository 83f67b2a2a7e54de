import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import useSWR, { type Key } from 'swr';
import type { HoldAnswer } from '@schemas/api/recall';
import { holdPackages, holdsKey, planHold, recallKey, releaseHolds } from '@/features/recall/api/recall';
import { api } from '@/shared/api';
import { barcodeKey } from '@/shared/api/use-barcode';

afterEach(() => {
  vi.restoreAllMocks();
});

const PROJECT = '11111111-2222-4333-8444-555555555555';
const OTHER_PROJECT = '66666666-2222-4333-8444-555555555555';
const HELD = 'HELD00000001';

/** Mounts one read per key and gives the names of those asked again since. */
async function mountReads() {
  const keys = {
    trace: recallKey(PROJECT, { lot: 'L-1' }, 9),
    otherTrace: recallKey(PROJECT, { barcodeId: HELD }, 9),
    otherProjectTrace: recallKey(OTHER_PROJECT, { lot: 'L-1' }, 9),
    holds: holdsKey(PROJECT),
    otherProjectHolds: holdsKey(OTHER_PROJECT),
    held: barcodeKey('demo', HELD),
    untouched: barcodeKey('demo', 'UNTOUCHED001'),
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
  return { asked, unmount: view.unmount };
}

const body = { projectId: PROJECT, lot: 'L-1', reference: 'R-1', reason: 'Excursion' };
const answer: HoldAnswer = { reference: 'R-1', dryRun: false, implicated: 1, held: 1, added: 1, skipped: [] };

describe('a hold and a release revalidate what they change', () => {
  it("the project's traces and recalls in force, and the detail of the packages touched", async () => {
    for (const revalidate of [
      () => holdPackages.revalidate({ body, key: 'k', touched: [HELD] }),
      () =>
        releaseHolds.revalidate({
          body: { projectId: PROJECT, reference: 'R-1', reason: 'Tested' },
          key: 'k',
          touched: [HELD],
        }),
    ]) {
      const reads = await mountReads();
      await act(async () => {
        await revalidate();
      });
      expect(reads.asked()).toEqual(['held', 'holds', 'otherTrace', 'trace']);
      reads.unmount();
    }
  });
});

describe('the hold requests', () => {
  it('ask first with a dry run, then hold with the confirmation key; neither waits in the outbox', async () => {
    const request = vi.spyOn(api, 'request').mockResolvedValue({ data: answer, headers: new Headers() });
    expect(await planHold(body)).toEqual(answer);
    expect(await holdPackages.send({ body, key: 'confirm-key', touched: [] })).toEqual(answer);
    await releaseHolds.send({
      body: { projectId: PROJECT, reference: 'R-1', reason: 'Tested', barcodeIds: [HELD] },
      key: 'release-key',
      touched: [HELD],
    });
    expect(request.mock.calls).toEqual([
      ['post', '/recall/hold', { data: { ...body, dryRun: true }, queue: false }],
      ['post', '/recall/hold', { data: body, idempotencyKey: 'confirm-key', queue: false }],
      [
        'post',
        '/recall/release',
        {
          data: { projectId: PROJECT, reference: 'R-1', reason: 'Tested', barcodeIds: [HELD] },
          idempotencyKey: 'release-key',
          queue: false,
        },
      ],
    ]);
  });
});
