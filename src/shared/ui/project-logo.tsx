import { Image } from '@mantine/core';
import { API_BASE } from '../config';

/** Resolves a logo URL from the API (which may be relative to the API's origin). */
export function resolveApiUrl(url: string): string {
  if (/^https?:\/\//.test(url) || !url.startsWith('/api/')) return url;
  return API_BASE.replace(/\/api\/?$/, '') + url;
}

/** Logos are drawn in a box three times as wide as high, the usual shape of a wordmark. */
const LOGO_ASPECT = 3;

interface ProjectLogoProps {
  url: string;
  alt: string;
  height: number;
  /** Where a logo narrower than its box sits: beside other header items (left) or on its own (center). */
  align?: 'left' | 'center';
}

/**
 * A project's logo in a box of fixed size: nothing moves when it arrives (the logo's own shape
 * is unknown until then), and the box has width and height attributes (Lighthouse's "unsized
 * images"). The logo is scaled to fit inside, never cut; the box narrows with its place (a 390
 * px phone at 200 % text) and never pushes the page sideways.
 */
export function ProjectLogo({ url, alt, height, align = 'center' }: ProjectLogoProps) {
  const width = height * LOGO_ASPECT;
  return (
    <Image
      src={resolveApiUrl(url)}
      alt={alt}
      width={width}
      height={height}
      w={width}
      h={height}
      fit="contain"
      style={{ objectPosition: `${align} center`, flexShrink: 1, minWidth: 0, maxWidth: '100%' }}
    />
  );
}
