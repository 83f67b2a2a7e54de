import { describe, expect, it } from 'vitest';
import { type ManifestProject, webManifest } from '../../../server/rules/web-manifest';

const project = (extra: Partial<ManifestProject> = {}): ManifestProject => ({
  id: 'p1',
  code: 'acme',
  name: 'Cold chain',
  logoType: null,
  ...extra,
});

/** The app's own install icons, as every project's manifest lists them. */
const APP_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

const shortName = (name: string) => webManifest(project({ name })).short_name;

describe("a project's web app manifest: each project installs as an app of its own", () => {
  it("the installed app starts at the project's own address, under its name, standalone, in the app's colours and icons", () => {
    expect(webManifest(project())).toEqual({
      id: '/acme',
      name: 'Cold chain',
      short_name: 'Cold chain',
      start_url: '/acme',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b7285',
      background_color: '#ffffff',
      icons: APP_ICONS,
    });
  });

  it('a vector logo comes first, for any size', () => {
    expect(webManifest(project({ logoType: 'image/svg+xml' })).icons).toEqual([
      { src: '/api/barcode/project-logo/p1', type: 'image/svg+xml', purpose: 'any', sizes: 'any' },
      ...APP_ICONS,
    ]);
  });

  it("a bitmap logo comes after the app's icons, without a size", () => {
    expect(webManifest(project({ logoType: 'image/png' })).icons).toEqual([
      ...APP_ICONS,
      { src: '/api/barcode/project-logo/p1', type: 'image/png', purpose: 'any' },
    ]);
  });
});

describe("the name under the installed app's icon", () => {
  it("is the project's name when it has at most 12 characters", () => {
    expect(shortName('Cold chain')).toBe('Cold chain');
    expect(shortName('Cold chain A')).toBe('Cold chain A');
  });

  it('is the first word of a longer name, when that word has at most 12 characters', () => {
    expect(shortName('Cold-chain vaccine shipments')).toBe('Cold-chain');
    expect(shortName('Refrigerated shipments')).toBe('Refrigerated');
  });

  it("is the project's code when the first word is longer, or the name starts with a space", () => {
    expect(shortName('Supercalifragilistic deliveries')).toBe('acme');
    expect(shortName(' Cold chain deliveries')).toBe('acme');
  });
});
