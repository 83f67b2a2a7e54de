/**
 * The app's install icons, written by the build (scripts/app-icon.ts draws them) and listed in
 * every project's web app manifest (server/rules/web-manifest.ts).
 */
export const APP_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', size: 192, purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', size: 512, purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', size: 512, purpose: 'maskable' },
] as const;

/** The app's colour (index.html's theme-color, the mark's background). */
export const APP_THEME_COLOUR = '#0b7285';
