import { describe, expect, it } from 'vitest';
import { isSiteImageSource, urlAsParsed } from '@schemas/html-addresses';

describe('image sources in alert bodies', () => {
  it('are paths of this site or data: images', () => {
    expect(isSiteImageSource('/api/barcode/file/AAAAAAAAAAAA/x.png')).toBe(true);
    expect(isSiteImageSource('data:image/png;base64,AAAA')).toBe(true);
  });

  it('are never another host, protocol-relative ones included', () => {
    for (const src of [
      'https://other.host/x.png',
      '//other.host/x.png',
      '/\\other.host/x.png',
      'javascript:alert(1)',
      'data:text/html,x',
    ])
      expect(isSiteImageSource(src), src).toBe(false);
  });

  it('are checked as the browser resolves them: tabs and newlines dropped, spaces trimmed (sanitize.ts passes the src through urlAsParsed)', () => {
    for (const src of ['/\t/other.host/x.png', '/\n/other.host/x.png', ' //other.host/x.png', '/\r\\other.host/x.png'])
      expect(isSiteImageSource(urlAsParsed(src)), JSON.stringify(src)).toBe(false);
    expect(isSiteImageSource(urlAsParsed(' /api/x.png\n'))).toBe(true);
  });
});
