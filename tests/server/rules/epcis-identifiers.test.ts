import { describe, expect, it } from 'vitest';
import {
  canonicalBarcodeUrl,
  epcOf,
  stockLocationUri,
  trackPointUri,
  vocabularyUri,
} from '../../../server/rules/epcis-identifiers';

const base = { origin: 'https://track.example.com', projectSegment: 'demo@1' };
const epc = (externalId: string | null) => epcOf(base, { id: 'AbC123xyz789', externalId });

describe('the EPC of a barcode in an EPCIS document', () => {
  it('is the GS1 Digital Link URI of the GS1 key its external id carries, however it was stored', () => {
    // An SSCC as the scanner stores it: its 18 digits (valid check digit).
    expect(epc('106141411234567897')).toBe('https://id.gs1.org/00/106141411234567897');
    // A GTIN with lot and serial, as a Digital Link, as element strings in brackets, after ]C1 with GS.
    expect(epc('https://id.gs1.org/01/09506000134352/10/LOT7/21/SER-1')).toBe(
      'https://id.gs1.org/01/09506000134352/10/LOT7/21/SER-1',
    );
    expect(epc('(01)09506000134352(10)LOT7')).toBe('https://id.gs1.org/01/09506000134352/10/LOT7');
    expect(epc(']C10109506000134352\u001d10LOT7')).toBe('https://id.gs1.org/01/09506000134352/10/LOT7');
    // A Digital Link on the brand's own domain names the same object at GS1's resolver.
    expect(epc('https://brand.example.com/01/09506000134352')).toBe('https://id.gs1.org/01/09506000134352');
  });

  it("is the barcode's canonical URL when the external id carries no valid GS1 key", () => {
    const canonical = 'https://track.example.com/demo@1/qrcode/AbC123xyz789';
    expect(epc(null)).toBe(canonical);
    expect(epc('PO-2026-0042')).toBe(canonical);
    // 18 digits with a wrong check digit are not an SSCC; a GTIN with a wrong check digit is refused.
    expect(epc('106141411234567890')).toBe(canonical);
    expect(epc('(01)09506000134353')).toBe(canonical);
    // Bare 13 digits are an EAN-13 number, not a GTIN key, as GS1's reference engine reads them.
    expect(epc('4901234567894')).toBe(canonical);
  });
});

describe('the other URIs of an EPCIS document', () => {
  it('reads an external id stored with spaces around it', () => {
    expect(epc(' 106141411234567897 ')).toBe('https://id.gs1.org/00/106141411234567897');
  });

  it("names a barcode, a trackpoint, a stock location and the vocabulary under the server's origin and the project", () => {
    expect(canonicalBarcodeUrl(base, 'A/B C')).toBe('https://track.example.com/demo@1/qrcode/A%2FB%20C');
    expect(trackPointUri(base, 'cold store')).toBe('https://track.example.com/demo@1/epcis/trackpoint/cold%20store');
    expect(stockLocationUri(base, 'bin/7')).toBe('https://track.example.com/demo@1/epcis/location/bin%2F7');
    expect(vocabularyUri(base)).toBe('https://track.example.com/epcis/vocabulary#');
  });
});
