import { act, Suspense, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import { MantineProvider } from '@mantine/core';
import { initI18n } from '@/shared/i18n/i18n';
import { AccessCodeInput, type AccessCodeValue } from '@/features/auth/components/access-code-input';
import { PasswordInput } from '@/features/auth/components/password-input';
import { primeCache, takeDrawnAnswers } from '@/shared/api/prime';
import { serialize } from 'swr/_internal';

/**
 * The client taking over a screen the server drew (src/app/main.tsx, hydrateRoot): what a visitor
 * typed into the drawn fields before is kept in the state, and the answers the screen was drawn
 * with are the first render's, without a request.
 */

beforeAll(async () => {
  await initI18n(['en']);
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

const codes: AccessCodeValue[] = [];
let shownPassword = '';

function LoginFields() {
  const [code, setCode] = useState<AccessCodeValue>({ first: '', last: '' });
  const [password, setPassword] = useState('');
  codes.push(code);
  shownPassword = password;
  return (
    <MantineProvider>
      <AccessCodeInput value={code} onChange={setCode} />
      <PasswordInput
        label="Password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        onTypedEarly={setPassword}
      />
    </MantineProvider>
  );
}

/** Draws `element` as the server would, lets `type` fill the page's fields, then hydrates it; returns React's hydration errors. */
function drawTypeHydrate(element: React.ReactElement, type: (container: HTMLElement) => void): unknown[] {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  type(container);
  const errors: unknown[] = [];
  act(() => {
    root = hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
  });
  return errors;
}

const input = (container: HTMLElement, label: string) =>
  container.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;

describe('a drawn login form taken over by the client', () => {
  it('keeps digits typed before: all eight in the first box go on into the second', () => {
    codes.length = 0;
    const errors = drawTypeHydrate(<LoginFields />, (container) => {
      input(container, 'Access code, first 4 digits').value = '12345678';
    });
    expect(errors).toEqual([]);
    expect(codes[0]).toEqual({ first: '', last: '' });
    expect(codes.at(-1)).toEqual({ first: '1234', last: '5678' });
    expect(document.querySelector<HTMLInputElement>('input[aria-label="Access code, first 4 digits"]')?.value).toBe(
      '1234',
    );
  });

  it('moves the focus on after a full first box, and keys typed after go on into the second', async () => {
    codes.length = 0;
    const errors = drawTypeHydrate(<LoginFields />, (container) => {
      const first = input(container, 'Access code, first 4 digits');
      first.focus();
      first.value = '1111222';
    });
    expect(errors).toEqual([]);
    expect(codes.at(-1)).toEqual({ first: '1111', last: '222' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Access code, last 4 digits');
    // A key that still reached the first box (typed as focus moved) joins the second, not replaces it.
    const user = userEvent.setup();
    await user.type(input(document.body, 'Access code, first 4 digits'), '2', {
      initialSelectionStart: 4,
      initialSelectionEnd: 4,
    });
    expect(codes.at(-1)).toEqual({ first: '1111', last: '2222' });
  });

  it('keeps each box as typed, and the password', () => {
    codes.length = 0;
    const errors = drawTypeHydrate(<LoginFields />, (container) => {
      input(container, 'Access code, first 4 digits').value = '1a11';
      input(container, 'Access code, last 4 digits').value = '22';
      container.querySelector<HTMLInputElement>('input[type="password"]')!.value = 'Frostline2026';
    });
    expect(errors).toEqual([]);
    expect(codes.at(-1)).toEqual({ first: '111', last: '22' });
    expect(shownPassword).toBe('Frostline2026');
  });

  it('changes nothing when nothing was typed', () => {
    codes.length = 0;
    const errors = drawTypeHydrate(<LoginFields />, () => undefined);
    expect(errors).toEqual([]);
    // The server's render and the hydrating one, both empty: no render after.
    expect(codes).toEqual([
      { first: '', last: '' },
      { first: '', last: '' },
    ]);
  });
});

function Project({ fetcher }: { fetcher: () => Promise<string> }) {
  const { data, isLoading } = useSWR(['project', 'drawn', 1], fetcher);
  return <p>{isLoading ? 'loading' : data}</p>;
}

describe('the answers a screen was drawn with', () => {
  it('are primed without a request, and the hydrated render is the drawn one', async () => {
    const fetcher = vi.fn(async () => 'asked again');
    const other = vi.fn(async () => 'asked');
    const key = ['project', 'drawn', 1];
    takeDrawnAnswers({ [serialize(key)[0]]: 'Drawn project' });
    await primeCache(key, fetcher);
    // A key the server did not draw with is asked as before.
    await primeCache(['project', 'other', 1], other);
    const element = (
      <Suspense>
        <Project fetcher={fetcher} />
      </Suspense>
    );
    const errors = drawTypeHydrate(element, () => undefined);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(errors).toEqual([]);
    expect(document.body.textContent).toBe('Drawn project');
    expect(fetcher).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledTimes(1);
  });
});
