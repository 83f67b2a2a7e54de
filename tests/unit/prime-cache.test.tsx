import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import useSWR, { mutate } from 'swr';
import { forgetUnusedPrimes, isCached, primeCache } from '@/shared/api/prime';
import { fetchBarcode } from '@/shared/api/barcode';
import { preloadBarcode, primeBarcodeOf, useBarcode } from '@/shared/api/use-barcode';

vi.mock('@/shared/api/barcode', () => ({ fetchBarcode: vi.fn(async (_project: string, id: string) => ({ id })) }));

/** Each render of the hook, as the screen would draw it. */
function Reader({ swrKey, fetcher, renders }: { swrKey: string[]; fetcher: () => Promise<string>; renders: string[] }) {
  const { data, error, isLoading } = useSWR(swrKey, fetcher);
  const shown = isLoading ? 'loading' : error ? `error: ${(error as Error).message}` : `data: ${data}`;
  renders.push(shown);
  return <p>{shown}</p>;
}

function BarcodeReader({ id }: { id: string }) {
  const { data } = useBarcode('demo', id);
  return <p>{data ? 'barcode' : 'loading'}</p>;
}

describe('answers put in the cache before the first render (main.tsx)', () => {
  it('are drawn at once, not a loader first, with one request in all', async () => {
    const fetcher = vi.fn(async () => 'Demo project');
    const key = ['primed', 'demo'];
    await primeCache(key, fetcher);
    expect(isCached(key)).toBe(true);
    const renders: string[] = [];
    render(<Reader swrKey={key} fetcher={fetcher} renders={renders} />);
    expect(renders[0]).toBe('data: Demo project');
    // The hook's revalidation on mounting takes the primed request over.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(renders).not.toContain('loading');
  });

  it('leave a failure to the screen, which shows it without asking again', async () => {
    const fetcher = vi.fn(async (): Promise<string> => {
      throw new Error('offline');
    });
    const key = ['primed', 'failing'];
    await primeCache(key, fetcher);
    expect(isCached(key)).toBe(false);
    render(<Reader swrKey={key} fetcher={fetcher} renders={[]} />);
    await waitFor(() => expect(screen.getByText('error: offline')).toBeTruthy());
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('do not overwrite what a hook already holds (the first render did not wait for them)', async () => {
    let answer: (value: string) => void = () => undefined;
    const slow = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          answer = resolve;
        }),
    );
    const key = ['primed', 'slow'];
    const primed = primeCache(key, slow);
    render(<Reader swrKey={key} fetcher={slow} renders={[]} />);
    answer('first answer');
    await waitFor(() => expect(screen.getByText('data: first answer')).toBeTruthy());
    // The screen changed it meanwhile (an edit): the primed answer arriving late does not undo that.
    await mutate(key, 'edited', { revalidate: false });
    await primed;
    await waitFor(() => expect(screen.getByText('data: edited')).toBeTruthy());
    expect(slow).toHaveBeenCalledTimes(1);
  });

  it('no screen took over are dropped once the first screen is up: a screen drawn later asks afresh', async () => {
    const fetcher = vi.fn(async () => `answer ${fetcher.mock.calls.length}`);
    const key = ['primed', 'unused'];
    await primeCache(key, fetcher);
    forgetUnusedPrimes();
    render(<Reader swrKey={key} fetcher={fetcher} renders={[]} />);
    await waitFor(() => expect(screen.getByText('data: answer 2')).toBeTruthy());
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it("ask a scanned link's barcode once: the router's prefetch leaves a primed one alone", async () => {
    await primeBarcodeOf('/demo@1/qrcode/ABCDEFGHJKLM/track');
    // The barcode route's hook takes the primed request over as it mounts; the router's prefetch runs after.
    render(<BarcodeReader id="ABCDEFGHJKLM" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    preloadBarcode('demo', 'ABCDEFGHJKLM');
    expect(fetchBarcode).toHaveBeenCalledTimes(1);
    expect(fetchBarcode).toHaveBeenCalledWith('demo', 'ABCDEFGHJKLM');
    // Another barcode (scanned later in the app) is preloaded as before.
    preloadBarcode('demo', 'NPQRSTUVWXYZ');
    expect(fetchBarcode).toHaveBeenCalledTimes(2);
    // A barcode that does not exist: its failure is the screen's, not asked for a second time.
    vi.mocked(fetchBarcode).mockRejectedValueOnce(new Error('2303'));
    await primeBarcodeOf('/demo@1/qrcode/NOSUCHBARCODE1');
    render(<BarcodeReader id="NOSUCHBARCODE1" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    preloadBarcode('demo', 'NOSUCHBARCODE1');
    expect(fetchBarcode).toHaveBeenCalledTimes(3);
  });
});
