import { expect } from 'vitest';
import type { Client, TestServer } from './harness';
import { activation, loggedIn, newBarcode } from './barcode-fixtures';

/** Valid forms for each demo pallet trackpoint after the first; `{barcodeId}` stands for the barcode tracked (a signature is one of its uploads). */
export const FORMS: Record<string, object> = {
  distributionCentre: { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } },
  carrier: { pickup: { vehicleId: 'TK-1' } },
  pharmacy: {
    delivery: { receiverName: 'Yuki', receiverSignature: '/api/barcode/file/{barcodeId}/AAAAAAAAAAAAAAAA.png' },
  },
};

/** The forms of a trackpoint for one barcode. */
export const formsFor = (trackPointKey: string, barcodeId: string): object =>
  JSON.parse(JSON.stringify(FORMS[trackPointKey] ?? {}).replaceAll('{barcodeId}', barcodeId)) as object;

/** Staff 1111-2222 (all permissions). */
export const staff = (server: TestServer) => loggedIn(server, '11112222');

/** A new demo pallet, activated by staff at manufacturer (`extra` is merged into the activation body). */
export async function activatedPallet(server: TestServer, extra: object = {}): Promise<string> {
  const id = await newBarcode(server);
  const res = await (await staff(server)).post('/api/barcode/activation', activation(id, extra));
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

/** Tracks the barcode through the given trackpoints, in order, with valid forms. */
export async function trackTo(client: Client, barcodeId: string, ...trackPointKeys: string[]): Promise<void> {
  for (const trackPointKey of trackPointKeys) {
    const res = await client.post('/api/barcode/tracking', {
      barcodeId,
      trackPointKey,
      forms: formsFor(trackPointKey, barcodeId),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** A pallet that finished its trip (at pharmacy, the project's end trackpoint). */
export async function deliveredPallet(server: TestServer, extra: object = {}): Promise<string> {
  const id = await activatedPallet(server, extra);
  await trackTo(await staff(server), id, 'distributionCentre', 'carrier', 'pharmacy');
  return id;
}

/**
 * Pairs `child` under `parent` directly in the database, as the last of its children, whatever
 * the pairing rules say (tests of other rules use it; tests/server/pairing.test.ts pairs through
 * POST /barcode/pairing).
 */
export async function pair(server: TestServer, child: string, parent: string): Promise<void> {
  await server.ctx.db.query(
    'update barcodes set parent_id = $2, pair_order = (select coalesce(max(pair_order), 0) + 1 from barcodes where parent_id = $2) where id = $1',
    [child, parent],
  );
}

/** A PUT request (the harness client has post and get only). */
export const put = (client: Client, url: string, payload: object) => client.request({ method: 'PUT', url, payload });
