import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import {
  MemoryRouter,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigationType,
  useOutletContext,
  useParams,
} from 'react-router-dom';
import useSWR from 'swr';
import { ApiError } from '@/shared/api/errors';
import { revalidateBarcode } from '@/shared/api/keys';
import type { Mutation } from '@/shared/api/mutation';
import { barcodeKey } from '@/shared/api/use-barcode';
import { STORAGE_PREFIX } from '@/shared/config';
import { initI18n } from '@/shared/i18n/i18n';
import { useStepDraft } from '@/shared/step-flow/use-step-draft';
import { useStepFlow, type StepFlow, type StepFlowOptions } from '@/shared/step-flow/use-step-flow';
import { closeMessage, messageStore } from '@/shared/ui/message-dialog';
import { dismissToast, toastStore } from '@/shared/ui/toasts';

beforeAll(async () => {
  await initI18n(['en']);
});

beforeEach(() => {
  toastStore.get().forEach((toast) => dismissToast(toast.id));
  closeMessage();
  sessionStorage.clear();
});

const STEPS = ['a', 'b', 'c'] as const;
type Step = (typeof STEPS)[number];
const SAVE = { done: 'Saved.', failed: 'Not saved', then: '/detail', replace: true };

/** A promise the test settles by hand, to look at the flow between the stages of a save. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

let flow: StepFlow<Step>;
let location = { pathname: '', action: '' };

function Probe() {
  const { pathname } = useLocation();
  location = { pathname, action: useNavigationType() };
  return null;
}

function Flow(props: Partial<StepFlowOptions<Step>>) {
  const { step } = useParams();
  const urls = step === undefined ? undefined : { current: step, href: (to: Step) => `/flow/${to}`, prefix: '/flow' };
  flow = useStepFlow<Step>({ steps: STEPS, urls, hasChanges: true, save: SAVE, ...props });
  return null;
}

function renderFlow(at: string, props: Partial<StepFlowOptions<Step>> = {}) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <Probe />
      <Routes>
        <Route path="/flow" element={<Flow {...props} />} />
        <Route path="/flow/:step" element={<Flow {...props} />} />
        <Route path="/detail" element={null} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('useStepFlow: where the user is', () => {
  it('starts at the first step of a flow kept in state; next and back stop at the ends', () => {
    renderFlow('/flow');
    expect([flow.step, flow.index, flow.isFirst, flow.isLast]).toEqual(['a', 0, true, false]);
    act(() => flow.back());
    expect(flow.step).toBe('a');
    act(() => flow.next());
    act(() => flow.next());
    expect([flow.step, flow.index, flow.isFirst, flow.isLast]).toEqual(['c', 2, false, true]);
    act(() => flow.next());
    expect(flow.step).toBe('c');
    act(() => flow.go('a'));
    expect(flow.step).toBe('a');
    expect(location.pathname).toBe('/flow');
  });

  it('reads the step from the URL and moves by navigating, so the back button goes one step back', () => {
    renderFlow('/flow/b');
    expect([flow.step, flow.index]).toEqual(['b', 1]);
    act(() => flow.next());
    expect(location).toEqual({ pathname: '/flow/c', action: 'PUSH' });
    expect(flow.step).toBe('c');
    act(() => flow.back());
    act(() => flow.back());
    expect(location.pathname).toBe('/flow/a');
    expect(flow.isFirst).toBe(true);
  });

  it('names no step for a URL outside the steps, and lets moves between steps pass the guard', () => {
    renderFlow('/flow/zzz');
    expect([flow.step, flow.index]).toEqual([undefined, -1]);
    expect(flow.guard.allowPrefix).toBe('/flow');
  });
});

describe('useStepFlow: saving', () => {
  it('sends, then shows the toast, then revalidates, and only then leaves for the destination', async () => {
    const sent = deferred();
    const revalidated = deferred();
    const onSaved = vi.fn();
    const mutation: Mutation<string> = {
      send: vi.fn(() => sent.promise),
      revalidate: vi.fn(() => revalidated.promise),
    };
    renderFlow('/flow');
    expect(flow.guard.dirty).toBe(true);

    let saving!: Promise<void>;
    act(() => {
      saving = flow.submit(mutation, 'input', onSaved);
    });
    expect(flow.busy).toBe(true);
    expect(mutation.send).toHaveBeenCalledWith('input');
    expect(toastStore.get()).toEqual([]);

    await act(async () => sent.resolve());
    // Saved: the user is no longer held, the toast is up, fresh data is on its way; still here.
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(flow.done).toBe(true);
    expect(flow.guard.dirty).toBe(false);
    expect(toastStore.get().map((t) => [t.kind, t.message])).toEqual([['success', 'Saved.']]);
    expect(mutation.revalidate).toHaveBeenCalledWith('input');
    expect(location.pathname).toBe('/flow');

    await act(async () => {
      revalidated.resolve();
      await saving;
    });
    expect(location).toEqual({ pathname: '/detail', action: 'REPLACE' });
    expect(messageStore.get()).toBeNull();
  });

  it('pushes the destination unless asked to replace (edit keeps the screen in the history)', async () => {
    renderFlow('/flow', { save: { ...SAVE, replace: undefined } });
    await act(() => flow.submit({ send: async () => undefined, revalidate: async () => undefined }, 'input'));
    expect(location).toEqual({ pathname: '/detail', action: 'PUSH' });
  });

  it('says why the server refused, under the flow title, and keeps the user and their input', async () => {
    const revalidate = vi.fn(async () => undefined);
    const onSaved = vi.fn();
    renderFlow('/flow/c');
    await act(() =>
      flow.submit({ send: () => Promise.reject(new ApiError('2303', 400)), revalidate }, 'input', onSaved),
    );
    expect(messageStore.get()).toEqual({ title: 'Not saved', body: 'Barcode not found.' });
    expect([flow.busy, flow.done, flow.guard.dirty]).toEqual([false, false, true]);
    expect(onSaved).not.toHaveBeenCalled();
    expect(revalidate).not.toHaveBeenCalled();
    expect(toastStore.get()).toEqual([]);
    expect(location.pathname).toBe('/flow/c');
  });

  it('leaves the field errors the screen shows at their fields out of the message, and no message when none is left', async () => {
    const revalidate = vi.fn(async () => undefined);
    // The screen places `weight` under its field; it knows no `origin.x`.
    const atFields = vi.fn((fields: Readonly<Record<string, number[]>>) =>
      Object.fromEntries(Object.entries(fields).filter(([path]) => path !== 'weight')),
    );
    renderFlow('/flow/c', { save: { ...SAVE, atFields } });
    const refused = (fields: Record<string, number[]>) =>
      act(() => flow.submit({ send: () => Promise.reject(new ApiError('fields', 400, fields)), revalidate }, 'input'));
    await refused({ weight: [1007], 'origin.x': [2303] });
    expect(atFields).toHaveBeenCalledWith({ weight: [1007], 'origin.x': [2303] }, {});
    expect(messageStore.get()).toEqual({ title: 'Not saved', body: 'Barcode not found.' });
    closeMessage();
    // The configuration's own words for a field (a failed constraint's) reach the screen, and the message.
    await act(() =>
      flow.submit(
        {
          send: () =>
            Promise.reject(
              new ApiError('fields', 400, { weight: [1007], 'origin.x': [1007] }, undefined, undefined, {
                weight: 'Weight message',
                'origin.x': 'Origin message',
              }),
            ),
          revalidate,
        },
        'input',
      ),
    );
    expect(atFields).toHaveBeenLastCalledWith(
      { weight: [1007], 'origin.x': [1007] },
      { weight: 'Weight message', 'origin.x': 'Origin message' },
    );
    expect(messageStore.get()).toEqual({ title: 'Not saved', body: 'Origin message' });
    closeMessage();
    await refused({ weight: [1007] });
    expect(messageStore.get()).toBeNull();
    expect([flow.busy, flow.done, location.pathname]).toEqual([false, false, '/flow/c']);
    // A refusal that names no field is said as before.
    await act(() => flow.submit({ send: () => Promise.reject(new ApiError('2303', 400)), revalidate }, 'input'));
    expect(messageStore.get()).toEqual({ title: 'Not saved', body: 'Barcode not found.' });
  });

  it('holds the user only while there is something to lose', () => {
    renderFlow('/flow', { hasChanges: false });
    expect(flow.guard).toEqual({ dirty: false, allowPrefix: undefined, onLeave: undefined });
  });
});

describe('a barcode screen saved through the flow', () => {
  // The barcode route loads the barcode once for every screen under it (as src/app's BarcodeRoute does).
  let answer: ReturnType<typeof deferred<string>> | null = null;
  const fetchBarcode = vi.fn(() => answer?.promise ?? Promise.resolve('not activated'));

  function BarcodeLayout() {
    const { data } = useSWR(barcodeKey('demo', 'FLOWBARCODE1'), fetchBarcode);
    return data === undefined ? null : <Outlet context={data} />;
  }
  function Detail() {
    // What the page showed as the user arrived, not what it shows once a late request answers.
    const [onArrival] = useState(useOutletContext<string>());
    return <p>on arrival: {onArrival}</p>;
  }
  const activate: Mutation<string> = { send: async () => undefined, revalidate: revalidateBarcode };
  function Activate() {
    flow = useStepFlow<Step>({ steps: STEPS, hasChanges: true, save: { ...SAVE, then: '/qrcode' } });
    return null;
  }

  it('lands on the detail page once it holds the new state, not before', async () => {
    render(
      <MemoryRouter initialEntries={['/qrcode/activate']}>
        <Probe />
        <Routes>
          <Route path="/qrcode" element={<BarcodeLayout />}>
            <Route index element={<Detail />} />
            <Route path="activate" element={<Activate />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    await act(async () => undefined);
    expect(fetchBarcode).toHaveBeenCalledTimes(1);
    answer = deferred<string>();
    let saving!: Promise<void>;
    await act(async () => {
      saving = flow.submit(activate, 'FLOWBARCODE1');
    });
    // Saved and said so; the barcode is being asked for again, and the user waits for it here.
    expect(fetchBarcode).toHaveBeenCalledTimes(2);
    expect(toastStore.get().map((t) => t.message)).toEqual(['Saved.']);
    expect(location.pathname).toBe('/qrcode/activate');
    await act(async () => {
      answer?.resolve('activated');
      await saving;
    });
    expect(location.pathname).toBe('/qrcode');
    expect(screen.getByText('on arrival: activated')).toBeTruthy();
  });
});

describe('useStepDraft', () => {
  const EMPTY = { origin: {}, packageData: {} } as {
    origin: Record<string, unknown>;
    packageData: Record<string, unknown>;
    barcodeType?: string;
  };
  const stored = () => JSON.parse(sessionStorage.getItem(`${STORAGE_PREFIX}:draft:1`) ?? 'null') as unknown;

  it('starts from `start`, merges each step in, and survives a reload through sessionStorage', () => {
    const start = vi.fn(() => ({ ...EMPTY, packageData: { gtin: '123' } }));
    const first = renderHook(() => useStepDraft(EMPTY, { storageKey: 'draft:1', start }));
    act(() => first.result.current.update({ barcodeType: 'case' }));
    expect(first.result.current.draft).toEqual({ origin: {}, packageData: { gtin: '123' }, barcodeType: 'case' });
    expect(stored()).toEqual(first.result.current.draft);
    first.unmount();

    const again = renderHook(() => useStepDraft(EMPTY, { storageKey: 'draft:1', start }));
    expect(again.result.current.draft).toEqual({ origin: {}, packageData: { gtin: '123' }, barcodeType: 'case' });
    expect(start).toHaveBeenCalledTimes(1);
    act(() => again.result.current.clear());
    expect(again.result.current.draft).toEqual(EMPTY);
    expect(stored()).toEqual(EMPTY);
  });

  it('keeps a draft without a storage key in memory only', () => {
    const { result } = renderHook(() => useStepDraft(EMPTY));
    act(() => result.current.update({ barcodeType: 'case' }));
    expect(result.current.draft.barcodeType).toBe('case');
    expect(sessionStorage.length).toBe(0);
  });
});
