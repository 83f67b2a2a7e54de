import { afterEach, describe, expect, it, vi } from 'vitest';
import { REST_STYLES_GLOBAL } from '@schemas/boot-request';

/**
 * A fresh styles module in a built app (index.html named the file), and the links its
 * restStyles() appends, held instead of appended, for the test to load or fail.
 */
async function builtApp() {
  vi.resetModules();
  (window as unknown as Record<string, unknown>)[REST_STYLES_GLOBAL] = '/assets/rest-styles-abc.css';
  const links: HTMLLinkElement[] = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    links.push(node as unknown as HTMLLinkElement);
    return node;
  });
  const { restStyles } = await import('@/shared/ui/styles');
  return { links, restStyles };
}

afterEach(() => {
  vi.restoreAllMocks();
  delete (window as unknown as Record<string, unknown>)[REST_STYLES_GLOBAL];
});

describe("the rest of Mantine's styles (built app: the file index.html names)", () => {
  it('links the file once for every caller, anonymous CORS as the preload asked', async () => {
    const { links, restStyles } = await builtApp();
    const first = restStyles();
    const second = restStyles();
    expect(links).toHaveLength(1);
    expect(links[0]?.rel).toBe('stylesheet');
    expect(links[0]?.getAttribute('href')).toBe('/assets/rest-styles-abc.css');
    expect(links[0]?.crossOrigin).toBe('');
    links[0]?.onload?.(new Event('load'));
    await expect(Promise.all([first, second])).resolves.toBeDefined();
  });

  it('fails while the file cannot load, removes that link, and links it afresh for the next caller', async () => {
    const { links, restStyles } = await builtApp();
    const failed = restStyles();
    const removed = vi.spyOn(links[0] as HTMLLinkElement, 'remove');
    links[0]?.onerror?.(new Event('error'));
    await expect(failed).rejects.toThrow(/rest-styles-abc\.css/);
    expect(removed).toHaveBeenCalled();
    const retried = restStyles();
    expect(links).toHaveLength(2);
    links[1]?.onload?.(new Event('load'));
    await expect(retried).resolves.toBeUndefined();
  });
});
