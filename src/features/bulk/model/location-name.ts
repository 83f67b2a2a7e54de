import type { Location } from '@schemas/api/location';
import type { Language } from '@schemas/languages';

/**
 * A location as people read it: warehouse, rack and bin names, outermost first, joined by ' › '
 * (the server's `path` holds the locations around it, the location itself included or not).
 */
export function locationName(location: Location, language: Language): string {
  const parts = location.path.map((p) => p.name[language]);
  const own = location.name[language];
  if (parts[parts.length - 1] !== own) parts.push(own);
  return parts.join(' › ');
}
