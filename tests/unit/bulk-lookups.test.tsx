import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ProjectContext } from '@/shared/project/use-project';
import type { Project } from '@schemas/api/project';

/** External-id lookups the test answers by hand; how many were ever in flight at once. */
const pending: { reference: string; resolve: (found: { id: string } | null) => void }[] = [];
let inFlight = 0;
let mostInFlight = 0;
vi.mock('@/shared/api/barcode', () => ({
  findBarcodeByExternalId: (_project: string, reference: string) => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    return new Promise<{ id: string } | null>((resolve) => {
      pending.push({
        reference,
        resolve: (found) => {
          inFlight -= 1;
          resolve(found);
        },
      });
    });
  },
}));

const { LOOKUP_CONCURRENCY, useBulkList } = await import('@/shared/scan-list/use-bulk-list');

const wrapper = ({ children }: { children: ReactNode }) => (
  <ProjectContext.Provider value={{ code: 'demo' } as Project}>{children}</ProjectContext.Provider>
);

describe('a pasted column of external ids', () => {
  it('is looked up a few at a time, every code in the end, each resolved to its barcode', async () => {
    const { result } = renderHook(() => useBulkList(null), { wrapper });
    const codes = Array.from({ length: 40 }, (_, i) => `SSCC-${String(i).padStart(4, '0')}`);
    act(() => result.current.add(codes));
    let answered = 0;
    while (answered < codes.length) {
      await waitFor(() => expect(pending.length).toBeGreaterThan(0));
      expect(inFlight).toBeLessThanOrEqual(LOOKUP_CONCURRENCY);
      const next = pending.shift()!;
      await act(async () => next.resolve({ id: `id-of-${next.reference}` }));
      answered += 1;
    }
    expect(mostInFlight).toBe(LOOKUP_CONCURRENCY);
    await waitFor(() => expect(result.current.state.entries.every((e) => e.id === `id-of-${e.reference}`)).toBe(true));
    expect(result.current.state.entries).toHaveLength(codes.length);
  });
});

describe("the dry run's reason for a refusal", () => {
  it("shows a recycled barcode as 'recycled', not as the catalogue's 'not activated', and the others by their code", async () => {
    const check = vi.fn(async (ids: string[]) =>
      ids.map((id) =>
        id === 'RECYCLED0001'
          ? { code: 3001, reason: 'recycled' }
          : id === 'NEVERUSED001'
            ? { code: 3001 }
            : { code: null, barcodeType: 'case' },
      ),
    );
    const { result } = renderHook(() => useBulkList(check), { wrapper });
    act(() => result.current.add(['RECYCLED0001', 'NEVERUSED001', 'READYCASE001']));
    await waitFor(() =>
      expect(result.current.state.entries.map((e) => e.verdict)).toEqual([
        { state: 'refused', code: 'recycled' },
        { state: 'refused', code: 3001 },
        { state: 'ready' },
      ]),
    );
    expect(result.current.summary.refused).toBe(2);
  });
});
