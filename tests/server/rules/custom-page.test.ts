import { describe, expect, it } from 'vitest';
import { isPageLink, isSiteImageSource } from '../../../schemas/html-addresses';
import { sanitizeCustomPage } from '../../../server/rules/custom-page';

/** A link as the server writes it: opened in a new tab, telling the other site nothing. */
const link = (href: string, text: string) => `<a href="${href}" target="_blank" rel="noopener noreferrer">${text}</a>`;

/** A paragraph titled `title` as sent, and the title its reader sees (as written in the page's HTML). */
const titled = (title: string) => sanitizeCustomPage(`<p title="${title}">t</p>`);
const titleShown = (title: string) => `<p title="${title}">t</p>`;

describe('the custom page as the server sends it', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<SCRIPT SRC=//x.example/a.js></SCRIPT>',
    '<img src="x" onerror="alert(1)">',
    '<img src=/x.png onerror=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<svg onload="alert(1)"></svg>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<div style="background:url(//x.example/p.png)">s</div>',
    '<details open ontoggle="alert(1)"><summary>s</summary></details>',
    '<img/src=x/onerror=alert(1)>',
    '<<script>script>alert(1)<</script>/script>',
    '<p title="a" onclick="alert(1)" data-x="y">t</p>',
    '<!--<img src=x onerror=alert(1)>-->',
    '<img src="https://tracker.example/pixel.png">',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<a href="//evil.example">x</a>',
    '<img src="/\\evil.example/p.png">',
    '<object data="javascript:alert(1)"></object>',
    '<form action="javascript:alert(1)"><button>go</button></form>',
  ];

  it("keeps no script, event handler, style or other site's resource in any payload", () => {
    for (const payload of payloads) {
      const out = sanitizeCustomPage(`<p>keep</p>${payload}`);
      expect(out, payload).toContain('<p>keep</p>');
      // Every tag left is one the server wrote: no raw '<' opens anything else.
      for (const [, tag] of out.matchAll(/<\/?([a-z0-9]+)/gi))
        expect(['p', 'a', 'img', 'div', 'table'], `${payload} -> ${out}`).toContain(tag);
      expect(out, payload).not.toMatch(
        /\son[a-z]+=|javascript:|style=|data-x|tracker\.example|\/\/evil|\/\\evil|<script|<svg|<iframe|<object|<form/i,
      );
    }
  });

  it("keeps the document's text, headings, lists, tables, links and this site's images", () => {
    const page =
      '<h1>Title</h1><ul><li>a &amp; b</li></ul><table><tr><td colspan="2">c</td></tr></table><a href="https://frostline.example/help">help</a><img src="/api/barcode/project-logo/x" alt="logo">';
    expect(sanitizeCustomPage(page)).toBe(
      '<h1>Title</h1><ul><li>a &amp; b</li></ul><table><tr><td colspan="2">c</td></tr></table>' +
        '<a href="https://frostline.example/help" target="_blank" rel="noopener noreferrer">help</a><img src="/api/barcode/project-logo/x" alt="logo">',
    );
    expect(sanitizeCustomPage('1 < 2 > 0')).toBe('1 &lt; 2 &gt; 0');
    // A handler inside another attribute's quoted value stays that value's text.
    expect(sanitizeCustomPage('<p title="x\' onmouseover=alert(1) a=\'">t</p>')).toBe(
      '<p title="x\' onmouseover=alert(1) a=\'">t</p>',
    );
  });

  it('checks an address as the browser reads it: entities decoded, tabs and newlines dropped', () => {
    const disguised = [
      '<img src="/&#x5C;evil.example/x.png">',
      '<img src="/&bsol;evil.example/x.png">',
      '<img src="/&#92;evil.example/x.png">',
      '<img src="/\t/evil.example/x.png">',
      '<img src="/&Tab;/evil.example/x.png">',
      '<img src="/\n/evil.example/x.png">',
      '<img src="&#x2F;&#x2F;evil.example/x.png">',
      '<img src="&sol;/evil.example/x.png">',
      '<img src=" //evil.example/x.png">',
      '<img src="data:image/svg&#x2B;xml,x">',
      '<a href="jav&#x61;script:alert(1)">x</a>',
      '<a href="java\tscript:alert(1)">x</a>',
      '<a href="&#x2F;/evil.example">x</a>',
    ];
    for (const payload of disguised) {
      const out = sanitizeCustomPage(payload);
      expect(out, payload).not.toMatch(/\s(src|href)=/);
    }
    // What is kept is written as it was checked: every '&' escaped, so the browser decodes nothing else.
    expect(sanitizeCustomPage('<img src="/api/x?a=1&amp;b=2" alt="a &unknown; b">')).toBe(
      '<img src="/api/x?a=1&amp;b=2" alt="a &amp;unknown; b">',
    );
    expect(sanitizeCustomPage('<img src="/api/x?a=1&b=2">')).toBe('<img src="/api/x?a=1&amp;b=2">');
    expect(sanitizeCustomPage('<img src="&#x2F;api/x.png" title="&quot;q&quot;">')).toBe(
      '<img src="/api/x.png" title="&quot;q&quot;">',
    );
  });

  it('allows links to the web, mail, phone and this site; images from this site and data: images only', () => {
    for (const ok of ['https://a.example', 'mailto:a@b.example', 'tel:+8131234', '/demo@1', '#top'])
      expect(isPageLink(ok), ok).toBe(true);
    for (const bad of ['javascript:x', '//a.example', '/\\a.example', 'data:text/html,x', 'vbscript:x'])
      expect(isPageLink(bad), bad).toBe(false);
    for (const ok of ['/api/barcode/file/x.png', 'data:image/png;base64,AAAA'])
      expect(isSiteImageSource(ok), ok).toBe(true);
    for (const bad of ['https://a.example/x.png', '//a.example/x.png', 'data:image/svg+xml,<svg onload=x>', 'x.png'])
      expect(isSiteImageSource(bad), bad).toBe(false);
  });
});

describe('the elements of the custom page', () => {
  it('every element a page may hold is kept', () => {
    const elements = [
      'a',
      'b',
      'blockquote',
      'caption',
      'code',
      'dd',
      'div',
      'dl',
      'dt',
      'em',
      'figcaption',
      'figure',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'i',
      'li',
      'ol',
      'p',
      'pre',
      'section',
      'small',
      'span',
      'strong',
      'sub',
      'sup',
      'table',
      'tbody',
      'td',
      'tfoot',
      'th',
      'thead',
      'tr',
      'u',
      'ul',
    ];
    for (const element of elements)
      expect(sanitizeCustomPage(`<${element}>x</${element}>`)).toBe(`<${element}>x</${element}>`);
    expect(sanitizeCustomPage('a<br>b<hr><img alt="c">')).toBe('a<br>b<hr><img alt="c">');
  });

  it('are written in lower case, whatever case the admin typed', () => {
    expect(sanitizeCustomPage('<H2>Storage</H2><P>Keep <STRONG>cold</STRONG></P>')).toBe(
      '<h2>Storage</h2><p>Keep <strong>cold</strong></p>',
    );
  });

  it('an element the page may not hold is dropped, its text kept', () => {
    expect(sanitizeCustomPage('<details><summary>More</summary>Kept cold</details>')).toBe('MoreKept cold');
    expect(sanitizeCustomPage('<p>Call <button>us</button></p>')).toBe('<p>Call us</p>');
  });

  it('a line break, a rule and an image have no closing tag: one written in the page is dropped', () => {
    expect(sanitizeCustomPage('<p>a<br></br>b<hr></hr><img src="/x.png"></img></p>')).toBe(
      '<p>a<br>b<hr><img src="/x.png"></p>',
    );
  });

  it('a "<" or ">" that opens no allowed element is shown as text', () => {
    expect(sanitizeCustomPage('<p>2 < 3</p> and 5 > 4')).toBe('<p>2 &lt; 3</p> and 5 &gt; 4');
    expect(sanitizeCustomPage('<p>a</p><!doctype html><p>b</p>')).toBe('<p>a</p>&lt;!doctype html&gt;<p>b</p>');
  });

  it('a comment is removed, the page around it kept', () => {
    expect(sanitizeCustomPage('<p>a</p><!-- note for editors -->\n<p>b</p><!-- another -->c')).toBe(
      '<p>a</p>\n<p>b</p>c',
    );
    expect(sanitizeCustomPage('a<!---->b')).toBe('ab');
  });

  it('a comment never closed hides the rest of the page', () => {
    expect(sanitizeCustomPage('<p>a</p><!-- draft <p>b</p>')).toBe('<p>a</p>');
  });

  it('a script, a style or an embedded document is removed with its content', () => {
    expect(sanitizeCustomPage('<p>a</p><script>alert("b")</script><style>p { color: red }</style><p>c</p>')).toBe(
      '<p>a</p><p>c</p>',
    );
  });

  it('a script never closed hides the rest of the page', () => {
    expect(sanitizeCustomPage('<p>a</p><script>alert("b")<p>c</p>')).toBe('<p>a</p>');
  });
});

describe("the attributes of the custom page's elements", () => {
  it('only the allowed ones are kept, their names in lower case', () => {
    expect(sanitizeCustomPage('<img SRC="/x.png" ALT="Logo" onerror="alert(1)" data-id="1" class="big">')).toBe(
      '<img src="/x.png" alt="Logo">',
    );
    expect(sanitizeCustomPage('<p id="a" style="color: red" title="Note">t</p>')).toBe('<p title="Note">t</p>');
  });

  it('a value is read in double quotes, single quotes or none; an attribute without value is empty', () => {
    expect(sanitizeCustomPage("<img src=/x.png alt='Our logo' title=Logo>")).toBe(
      '<img src="/x.png" alt="Our logo" title="Logo">',
    );
    expect(sanitizeCustomPage('<img src="/x.png" alt>')).toBe('<img src="/x.png" alt="">');
  });

  it('attributes may be spread over several lines, with spaces around "="', () => {
    expect(sanitizeCustomPage('<img\n  src = "/x.png"\n  alt="Logo">')).toBe('<img src="/x.png" alt="Logo">');
    expect(sanitizeCustomPage('<p  title ="Note">t</p>')).toBe('<p title="Note">t</p>');
  });

  it('a title loses its surrounding spaces but keeps a tab inside', () => {
    expect(titled('  Kept cold  ')).toBe(titleShown('Kept cold'));
    expect(titled('Kept\tcold')).toBe(titleShown('Kept\tcold'));
  });

  it('a value is written so that it cannot end the attribute or open a tag', () => {
    expect(sanitizeCustomPage('<p title=\'1 < 2 & "3" > 0\'>t</p>')).toBe(
      '<p title="1 &lt; 2 &amp; &quot;3&quot; &gt; 0">t</p>',
    );
  });

  it('a width, height, colspan or rowspan of one to four digits is kept', () => {
    expect(sanitizeCustomPage('<img src="/x.png" width="1000" height="5">')).toBe(
      '<img src="/x.png" width="1000" height="5">',
    );
    expect(sanitizeCustomPage('<td colspan="2" rowspan=" 12 ">c</td>')).toBe('<td colspan="2" rowspan="12">c</td>');
  });

  it('a width, height, colspan or rowspan that is not such a number is dropped', () => {
    expect(sanitizeCustomPage('<img src="/x.png" width="100%" height="-5">')).toBe('<img src="/x.png">');
    expect(sanitizeCustomPage('<td colspan="auto" rowspan="10000">c</td>')).toBe('<td>c</td>');
    expect(sanitizeCustomPage('<td colspan="" rowspan>c</td>')).toBe('<td>c</td>');
    expect(sanitizeCustomPage('<img src="/x.png" width="50px" height="1e3">')).toBe('<img src="/x.png">');
  });
});

describe('the links and images of the custom page', () => {
  it('a link opens in a new tab without telling the other site where it came from', () => {
    expect(sanitizeCustomPage('<a href="https://frostline.example/help" title="Help">help</a>')).toBe(
      '<a href="https://frostline.example/help" title="Help" target="_blank" rel="noopener noreferrer">help</a>',
    );
    expect(sanitizeCustomPage('<a href="mailto:qa@frostline.example">mail</a> <a href="#top">top</a>')).toBe(
      `${link('mailto:qa@frostline.example', 'mail')} ${link('#top', 'top')}`,
    );
  });

  it('a link to javascript: is dropped: its text stays, as a link to nowhere that opens nothing', () => {
    expect(sanitizeCustomPage('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeCustomPage('<a>anchor</a>')).toBe('<a>anchor</a>');
  });

  it('only a link has an address, only an image a source', () => {
    expect(sanitizeCustomPage('<div href="/help" src="/x.png">d</div>')).toBe('<div>d</div>');
    expect(sanitizeCustomPage('<a src="/x.png" href="/help">h</a>')).toBe(link('/help', 'h'));
    expect(sanitizeCustomPage('<img href="/help" src="/x.png">')).toBe('<img src="/x.png">');
  });

  it('a paragraph whose title mentions an address is not made a link', () => {
    expect(sanitizeCustomPage('<p title="see href=/help">t</p>')).toBe('<p title="see href=/help">t</p>');
  });

  it("an image from another site is dropped, its description kept; this site's and data: images are kept", () => {
    expect(sanitizeCustomPage('<img src="https://tracker.example/p.png" alt="Pixel">')).toBe('<img alt="Pixel">');
    expect(sanitizeCustomPage('<img src="data:image/png;base64,AAAA" alt="Dot">')).toBe(
      '<img src="data:image/png;base64,AAAA" alt="Dot">',
    );
  });

  it('an address is written as the browser reads it: tabs and newlines inside, controls around it, removed', () => {
    expect(sanitizeCustomPage('<a href="/he\tlp">h</a>')).toBe(link('/help', 'h'));
    expect(sanitizeCustomPage('<a href="\u0001/help">h</a>')).toBe(link('/help', 'h'));
    expect(sanitizeCustomPage('<img src="/x\n.png">')).toBe('<img src="/x.png">');
  });
});

describe("character references in an attribute's value", () => {
  it('a numeric reference, decimal or hexadecimal in either case, reads as its character', () => {
    expect(titled('&#65;.')).toBe(titleShown('A.'));
    expect(titled('a&#9;b')).toBe(titleShown('a\tb'));
    expect(titled('&#x4a;.')).toBe(titleShown('J.'));
    expect(titled('&#X4A;.')).toBe(titleShown('J.'));
    expect(titled('&#x6f;&#x4F;.')).toBe(titleShown('oO.'));
    expect(titled('&#x30;&#x39;.')).toBe(titleShown('09.'));
    expect(titled('a&#x9;b')).toBe(titleShown('a\tb'));
    expect(titled('&#x01F600;.')).toBe(titleShown('\u{1F600}.'));
    expect(titled('&#0000065;.')).toBe(titleShown('A.'));
  });

  it('a numeric reference reads at most 7 decimal or 6 hexadecimal digits, the rest is text', () => {
    expect(titled('&#00000651;')).toBe(titleShown('A1;'));
    expect(titled('&#x0000411;')).toBe(titleShown('A1;'));
  });

  it('a number that is no character reads as the replacement character', () => {
    expect(titled('&#0;.')).toBe(titleShown('\ufffd.'));
    expect(titled('&#xD800;.')).toBe(titleShown('\ufffd.'));
    expect(titled('&#xDFFF;.')).toBe(titleShown('\ufffd.'));
    expect(titled('&#x110000;.')).toBe(titleShown('\ufffd.'));
    expect(titled('&#x10FFFF;.')).toBe(titleShown('\u{10FFFF}.'));
    expect(titled('&#xD7FF;&#xE000;.')).toBe(titleShown('\ud7ff\ue000.'));
  });

  it('a named reference an address could be disguised with reads as its character, in any case', () => {
    expect(titled('a &amp; b')).toBe(titleShown('a &amp; b'));
    expect(titled('a &AMP; b')).toBe(titleShown('a &amp; b'));
    expect(titled('12&colon;30')).toBe(titleShown('12:30'));
  });

  it('every named reference an address could be disguised with is read', () => {
    expect(titled('a&lt;&gt;&quot;&apos;&sol;&bsol;&colon;&period;&Tab;&NewLine;&nbsp;&amp;b')).toBe(
      titleShown("a&lt;&gt;&quot;'/\\:.\t\n\u00a0&amp;b"),
    );
  });

  it('a reference without its closing semicolon still reads as its character', () => {
    expect(titled('a &amp b')).toBe(titleShown('a &amp; b'));
    expect(titled('&#65 b')).toBe(titleShown('A b'));
  });

  it('an unknown or incomplete reference is shown as written', () => {
    expect(titled('&unknown;')).toBe(titleShown('&amp;unknown;'));
    expect(titled('&ampz; &AMPZ;')).toBe(titleShown('&amp;ampz; &amp;AMPZ;'));
    expect(titled('&#; &#x; &#a;')).toBe(titleShown('&amp;#; &amp;#x; &amp;#a;'));
  });
});
