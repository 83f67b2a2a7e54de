import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPageLink, isSiteImageSource } from '../../schemas/html-addresses';
import { sanitizeCustomPage } from '../../server/rules/custom-page';
import { Client, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /barcode/project-html', () => {
  it('answers the demo project\'s page in four languages, to visitors too', async () => {
    const res = await new Client(server.app).get('/api/barcode/project-html?code=demo&version=1');
    expect(res.statusCode).toBe(200);
    const { html } = res.json().data;
    expect(Object.keys(html).sort()).toEqual(['en', 'ja', 'zh-CN', 'zh-TW']);
    expect(html.en).toContain('<h1>About this shipment</h1>');
    expect(html.ja).toContain('<h1>この荷物について</h1>');
    expect(html.en).toContain('<a href="mailto:support@frostline.example" target="_blank" rel="noopener noreferrer">');
  });

  it('answers null for a project without a page, 2304 for an unknown project', async () => {
    const client = new Client(server.app);
    expect((await client.get('/api/barcode/project-html?code=secure')).json().data).toEqual({ html: null });
    const missing = await client.get('/api/barcode/project-html?code=nosuchproject');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ $common: [2304] });
  });
});

describe('the custom page as the server sends it', () => {
  const payloads = [
    '<script>alert(1)</script>', '<SCRIPT SRC=//x.example/a.js></SCRIPT>', '<img src="x" onerror="alert(1)">', '<img src=/x.png onerror=alert(1)>',
    '<a href="javascript:alert(1)">x</a>', '<a href=" javascript:alert(1)">x</a>', '<a href="&#106;avascript:alert(1)">x</a>',
    '<svg onload="alert(1)"></svg>', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', '<div style="background:url(//x.example/p.png)">s</div>',
    '<details open ontoggle="alert(1)"><summary>s</summary></details>', '<img/src=x/onerror=alert(1)>', '<<script>script>alert(1)<</script>/script>',
    '<p title="a" onclick="alert(1)" data-x="y">t</p>', '<!--<img src=x onerror=alert(1)>-->', '<img src="https://tracker.example/pixel.png">',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', '<a href="//evil.example">x</a>', '<img src="/\\evil.example/p.png">',
    '<object data="javascript:alert(1)"></object>', '<form action="javascript:alert(1)"><button>go</button></form>'
  ];

  it('keeps no script, event handler, style or other site\'s resource in any payload', () => {
    for (const payload of payloads) {
      const out = sanitizeCustomPage(`<p>keep</p>${payload}`);
      expect(out, payload).toContain('<p>keep</p>');
      // Every tag left is one the server wrote: no raw '<' opens anything else.
      for (const [, tag] of out.matchAll(/<\/?([a-z0-9]+)/gi)) expect(['p', 'a', 'img', 'div', 'table'], `${payload} -> ${out}`).toContain(tag);
      expect(out, payload).not.toMatch(/\son[a-z]+=|javascript:|style=|data-x|tracker\.example|\/\/evil|\/\\evil|<script|<svg|<iframe|<object|<form/i);
    }
  });

  it('keeps the document\'s text, headings, lists, tables, links and this site\'s images', () => {
    const page = '<h1>Title</h1><ul><li>a &amp; b</li></ul><table><tr><td colspan="2">c</td></tr></table><a href="https://frostline.example/help">help</a><img src="/api/barcode/project-logo/x" alt="logo">';
    expect(sanitizeCustomPage(page)).toBe('<h1>Title</h1><ul><li>a &amp; b</li></ul><table><tr><td colspan="2">c</td></tr></table>'
      + '<a href="https://frostline.example/help" target="_blank" rel="noopener noreferrer">help</a><img src="/api/barcode/project-logo/x" alt="logo">');
    expect(sanitizeCustomPage('1 < 2 > 0')).toBe('1 &lt; 2 &gt; 0');
    // A handler inside another attribute's quoted value stays that value's text.
    expect(sanitizeCustomPage('<p title="x\' onmouseover=alert(1) a=\'">t</p>')).toBe('<p title="x\' onmouseover=alert(1) a=\'">t</p>');
  });

  it('checks an address as the browser reads it: entities decoded, tabs and newlines dropped', () => {
    const disguised = [
      '<img src="/&#x5C;evil.example/x.png">', '<img src="/&bsol;evil.example/x.png">', '<img src="/&#92;evil.example/x.png">',
      '<img src="/\t/evil.example/x.png">', '<img src="/&Tab;/evil.example/x.png">', '<img src="/\n/evil.example/x.png">',
      '<img src="&#x2F;&#x2F;evil.example/x.png">', '<img src="&sol;/evil.example/x.png">', '<img src=" //evil.example/x.png">',
      '<img src="data:image/svg&#x2B;xml,x">', '<a href="jav&#x61;script:alert(1)">x</a>', '<a href="java\tscript:alert(1)">x</a>',
      '<a href="&#x2F;/evil.example">x</a>',
    ];
    for (const payload of disguised) {
      const out = sanitizeCustomPage(payload);
      expect(out, payload).not.toMatch(/\s(src|href)=/);
    }
    // What is kept is written as it was checked: every '&' escaped, so the browser decodes nothing else.
    expect(sanitizeCustomPage('<img src="/api/x?a=1&amp;b=2" alt="a &unknown; b">')).toBe('<img src="/api/x?a=1&amp;b=2" alt="a &amp;unknown; b">');
    expect(sanitizeCustomPage('<img src="/api/x?a=1&b=2">')).toBe('<img src="/api/x?a=1&amp;b=2">');
    expect(sanitizeCustomPage('<img src="&#x2F;api/x.png" title="&quot;q&quot;">')).toBe('<img src="/api/x.png" title="&quot;q&quot;">');
  });

  it('allows links to the web, mail, phone and this site; images from this site and data: images only', () => {
    for (const ok of ['https://a.example', 'mailto:a@b.example', 'tel:+8131234', '/demo@1', '#top']) expect(isPageLink(ok), ok).toBe(true);
    for (const bad of ['javascript:x', '//a.example', '/\\a.example', 'data:text/html,x', 'vbscript:x']) expect(isPageLink(bad), bad).toBe(false);
    for (const ok of ['/api/barcode/file/x.png', 'data:image/png;base64,AAAA']) expect(isSiteImageSource(ok), ok).toBe(true);
    for (const bad of ['https://a.example/x.png', '//a.example/x.png', 'data:image/svg+xml,<svg onload=x>', 'x.png']) expect(isSiteImageSource(bad), bad).toBe(false);
  });
});
