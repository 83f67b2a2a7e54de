/**
 * A shared phone and the outbox: whose writes are sent and shown, a logout made offline kept and
 * sent before anything else, and what the detail page shows of the steps still waiting. The
 * whole journey in a browser is in e2e/offline-cold.spec.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Barcode } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import type { OutboxItem } from '@/shared/api/outbox/outbox-item';
import { isWaiting, ownedBy } from '@/shared/api/outbox/outbox-items';
import { revocationKept, untilRevoked } from '@/shared/session/revocation';
import { keepRevocation } from '@/shared/session/revocation-send';
import { detailActions } from '@/features/barcode-detail/model/detail-actions';
import { pendingSteps, trackingWaits } from '@/features/barcode-detail/model/pending-steps';
import demo from '../../server/projects/demo@1.json';

const item = (over: Partial<OutboxItem>): OutboxItem => ({
  seq: 1,
  key: 'k',
  method: 'post',
  url: '/barcode/tracking',
  data: { barcodeId: 'B1', trackPointKey: 'distributionCentre', forms: {} },
  madeAt: '2026-11-27T10:00:00.000Z',
  state: 'queued',
  ...over,
});

describe('whose writes the outbox sends and shows', () => {
  it("shows and sends a user's own writes and those made before writes named a user, never another user's", () => {
    expect(ownedBy(item({ owner: 'A' }), 'A')).toBe(true);
    expect(ownedBy(item({ owner: 'A' }), 'B')).toBe(false);
    expect(ownedBy(item({ owner: 'A' }), null)).toBe(false);
    expect(ownedBy(item({}), 'B')).toBe(true);
  });

  it('counts as waiting only what will be sent: not a sent write, not a refused one', () => {
    expect(['queued', 'sending', 'sent', 'refused'].filter((state) => isWaiting({ state } as OutboxItem))).toEqual([
      'queued',
      'sending',
    ]);
  });
});

describe('a logout made offline', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('is kept and sent before any request once the server answers; while it cannot be sent, requests fail', async () => {
    const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    expect(revocationKept()).toBe(false);
    await expect(untilRevoked()).resolves.toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();

    await keepRevocation('visitor-0001');
    expect(revocationKept()).toBe(true);
    await expect(untilRevoked()).rejects.toThrow(TypeError);
    expect(revocationKept()).toBe(true);

    fetch.mockImplementation(async () => new Response('{"data":true}', { status: 200 }));
    await expect(untilRevoked()).resolves.toBeUndefined();
    expect(revocationKept()).toBe(false);
    const [url, init] = fetch.mock.calls.at(-1)!;
    expect(url).toBe('/api/user/logout');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"visitorId":"visitor-0001"}' });
  });

  it('stays kept after a server failure, and ends on a 4xx (no session was left to end)', async () => {
    const fetch = vi.fn(async () => new Response('', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    await keepRevocation('visitor-0001');
    await expect(untilRevoked()).rejects.toThrow();
    expect(revocationKept()).toBe(true);
    fetch.mockImplementation(async () => new Response('', { status: 401 }));
    await untilRevoked();
    expect(revocationKept()).toBe(false);
  });
});

describe('steps waiting in the outbox, on the detail page', () => {
  const project = {
    ...demo,
    id: 'p',
    code: 'demo',
    name: 'Demo',
    version: 1,
    projectPermission: {
      generateBarcodePermission: { canEdit: true },
      activateBarcodePermission: { canEdit: true },
      addTrackingPermission: { canEdit: true },
    },
  } as unknown as Project;
  const barcode = {
    id: 'B1',
    barcodeType: 'pallet',
    isActivated: true,
    isDeactivated: false,
    currentTrackPointKey: 'manufacturer',
    hierarchy: { parentId: null, childrenCount: 0, maxChildren: 0, linkToCount: 0, beLinkedCount: 0, maxLinks: 0 },
  } as unknown as Barcode;

  it("lists this barcode's unsent writes with their trackpoint, waiting or refused; not sent ones, not other barcodes'", () => {
    const steps = pendingSteps(
      [
        item({ seq: 1 }),
        item({ seq: 2, state: 'sent' }),
        item({ seq: 3, data: { barcodeId: 'B2', trackPointKey: 'distributionCentre' } }),
        item({ seq: 4, url: '/barcode/activation', method: 'put', data: { barcodeId: 'B1' }, state: 'refused' }),
      ],
      'B1',
    );
    expect(steps).toEqual([
      { seq: 1, action: 'tracking', trackPointKey: 'distributionCentre', madeAt: item({}).madeAt, state: 'waiting' },
      { seq: 4, action: 'activation', trackPointKey: undefined, madeAt: item({}).madeAt, state: 'refused' },
    ]);
  });

  it('offers no second step to a trackpoint one already waits for (a refused one does not count)', () => {
    const waiting = pendingSteps([item({})], 'B1');
    expect(trackingWaits(waiting, 'distributionCentre')).toBe(true);
    expect(trackingWaits(waiting, 'pharmacy')).toBe(false);
    expect(trackingWaits(pendingSteps([item({ state: 'refused' })], 'B1'), 'distributionCentre')).toBe(false);
    const track = (queued: boolean) => detailActions(project, barcode, true, queued).find((a) => a.name === 'track');
    expect(track(false)).toEqual({ name: 'track', enabled: true });
    expect(track(true)).toEqual({ name: 'track', enabled: false, disabledReason: 'pendingStep' });
  });
});
