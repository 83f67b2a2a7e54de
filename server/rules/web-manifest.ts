import type { WebManifest } from '../../schemas/api/project';
import { APP_ICONS, APP_THEME_COLOUR } from '../../schemas/app-icons';

export interface ManifestProject {
  id: string;
  code: string;
  name: string;
  /** The project's logo's content type, when it has one (served at /api/barcode/project-logo/{id}). */
  logoType: string | null;
}

/**
 * A project's web app manifest: installed, the app opens on the project's home (`/{code}`, its
 * latest version), under its own name. Its logo comes first when it is a vector (it scales to any
 * size); a bitmap logo of unknown size is listed after the app's icons without a size, so the
 * launcher takes a sharp 192 or 512 pixel icon. The theme colour is the app's: a project's
 * configuration has no colour of its own.
 */
/** What a launcher shows under the icon (about 12 characters fit): the name, its first word, or the code. */
function shortName({ name, code }: ManifestProject): string {
  const firstWord = name.split(/\s+/)[0] ?? '';
  return name.length <= 12 ? name : firstWord.length > 0 && firstWord.length <= 12 ? firstWord : code;
}

export function webManifest(project: ManifestProject): WebManifest {
  const start = `/${project.code}`;
  const appIcons = APP_ICONS.map(({ src, sizes, purpose }) => ({ src, sizes, type: 'image/png', purpose }));
  const logo = project.logoType
    ? { src: `/api/barcode/project-logo/${project.id}`, type: project.logoType, purpose: 'any' }
    : null;
  const icons = !logo
    ? appIcons
    : logo.type === 'image/svg+xml'
      ? [{ ...logo, sizes: 'any' }, ...appIcons]
      : [...appIcons, logo];
  return {
    id: start,
    name: project.name,
    short_name: shortName(project),
    start_url: start,
    scope: '/',
    display: 'standalone',
    theme_color: APP_THEME_COLOUR,
    background_color: '#ffffff',
    icons,
  };
}
