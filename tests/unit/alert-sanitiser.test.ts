import { describe, expect, it } from 'vitest';
import { isSiteImageSource } from '@/shared/html/sanitize';

describe('image sources in alert bodies', () => {
  it('are paths of this site or data: images', () => {
    expect(isSiteImageSource('/api/barcode/file/AAAAAAAAAAAA/x.png')).toBe(true);
    expect(isSiteImageSource('data:image/png;base64,AAAA')).toBe(true);
  });

  it('are never another host, protocol-relative ones included', () => {
    for (const src of ['https://other.host/x.png', '//other.host/x.png', '/\\other.host/x.png', 'javascript:alert(1)', 'data:text/html,x']) expect(isSiteImageSource(src), src).toBe(false);
  });
});
