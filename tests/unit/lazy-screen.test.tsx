import { beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter, Outlet, Route, Routes, useNavigate } from 'react-router-dom';
import { lazyScreen, PartOfPage } from '@/app/lazy';
import { restStyles } from '@/shared/ui/styles';

/** A screen module whose load the test settles by hand. */
function deferredScreen(text: string) {
  let settle: () => void = () => undefined;
  const loaded = new Promise<{ default: () => ReactElement }>((resolve) => {
    settle = () => resolve({ default: () => <p>{text}</p> });
  });
  return { Screen: lazyScreen(() => loaded), settle };
}

function GoHome() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/')}>
      Home
    </button>
  );
}

function GoDetail() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/detail')}>
      Open the detail
    </button>
  );
}

describe('lazyScreen', () => {
  // The rest of Mantine's styles, which every lazy screen also waits for, already here: the tests
  // then settle the screens' code by hand.
  beforeAll(async () => {
    await restStyles();
  });

  it('draws the next screen when the user leaves a screen whose code is still loading (no blank page)', async () => {
    const detail = deferredScreen('Detail');
    // Awaited, as React asks of a render that suspends.
    await act(async () => {
      render(
        <MantineProvider>
          <MemoryRouter initialEntries={['/detail']}>
            <GoHome />
            <Routes>
              <Route
                element={
                  <Suspense fallback={<p>Outer loading</p>}>
                    <Outlet />
                  </Suspense>
                }
              >
                <Route index element={<p>Home screen</p>} />
                <Route path="detail" element={<detail.Screen />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </MantineProvider>,
      );
    });
    // The screen's own boundary shows the loader, not the routes' boundary.
    expect(screen.getByRole('generic', { busy: true })).toBeTruthy();
    expect(screen.queryByText('Outer loading')).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Home' }).click());
    expect(screen.getByText('Home screen')).toBeTruthy();
    await act(async () => {
      detail.settle();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByText('Home screen')).toBeTruthy();
    expect(screen.queryByText('Detail')).toBeNull();
  });

  it('shows the loader at once when the user moves to a screen whose code is still loading, then the screen', async () => {
    const detail = deferredScreen('Detail');
    await act(async () => {
      render(
        <MantineProvider>
          <MemoryRouter initialEntries={['/']}>
            <GoDetail />
            <Routes>
              <Route
                element={
                  <Suspense fallback={<p>Outer loading</p>}>
                    <Outlet />
                  </Suspense>
                }
              >
                <Route index element={<p>Home screen</p>} />
                <Route path="detail" element={<detail.Screen />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </MantineProvider>,
      );
    });
    // The router navigates in a transition, in which React keeps a boundary's content on screen
    // until the new content is ready: only a boundary new with the screen shows its loader.
    await act(async () => screen.getByRole('button', { name: 'Open the detail' }).click());
    expect(screen.queryByText('Home screen')).toBeNull();
    expect(screen.getByRole('generic', { busy: true })).toBeTruthy();
    await act(async () => {
      detail.settle();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(await screen.findByText('Detail')).toBeTruthy();
  });

  it('shows nothing while a part of a page loads, then the part', async () => {
    const part = deferredScreen('Relations');
    await act(async () => {
      render(
        <main>
          <h1>Page</h1>
          <PartOfPage>
            <part.Screen />
          </PartOfPage>
        </main>,
      );
    });
    expect(screen.queryByRole('generic', { busy: true })).toBeNull();
    expect(screen.getByRole('main').textContent).toBe('Page');
    await act(async () => {
      part.settle();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByText('Relations')).toBeTruthy();
  });
});
