import { API_BASE } from '../config';

/**
 * Points the page's web app manifest at the project on view (each project installs as its own
 * app, under its name and logo, opening on its home). One index.html serves every project, so
 * the link is set here, once the project is known, not in the HTML.
 */
export function linkManifest(projectCode: string): void {
  const href = `${API_BASE}/barcode/project-manifest?code=${encodeURIComponent(projectCode)}`;
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link?.getAttribute('href') === href) return;
  if (!link) {
    link = document.createElement('link');
    link.rel = 'manifest';
    document.head.appendChild(link);
  }
  link.href = href;
}
