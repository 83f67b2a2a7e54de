import { describe, expect, it } from 'vitest';
import {
  allowedExtension,
  assertMayDelete,
  assertNotSaved,
  fileNotFound,
  keptFileName,
  missingFile,
  uploadPartRole,
  uploadTarget,
} from '../../../server/rules/files';
import { answer, common, onField, OUTSIDER, STAFF } from './fixtures';

describe('uploaded files', () => {
  it('are accepted by an allowed extension, in any case', () => {
    expect(allowedExtension('scan.PNG')).toBe('png');
    expect(allowedExtension('report.final.pdf')).toBe('pdf');
    expect(allowedExtension('sheet.xlsx')).toBe('xlsx');
  });

  it('are refused without one: scripts, no extension, a bare extension', () => {
    expect(allowedExtension('page.html')).toBeNull();
    expect(allowedExtension('drawing.svg')).toBeNull();
    expect(allowedExtension('README')).toBeNull();
    expect(allowedExtension('.png')).toBeNull();
    expect(allowedExtension('dir/.png')).toBeNull();
    expect(allowedExtension('constructor.toString')).toBeNull();
  });

  it('go to the barcode named first: missing 1000, malformed 1001, then a kind not allowed (1001 on File)', () => {
    expect(uploadTarget('AAAAAAAAAAAA', 'a.jpg')).toEqual({ barcodeId: 'AAAAAAAAAAAA', extension: 'jpg' });
    expect(answer(() => uploadTarget(undefined, 'a.jpg'))).toEqual(onField('barcodeId', 1000));
    expect(answer(() => uploadTarget('', 'a.jpg'))).toEqual(onField('barcodeId', 1000));
    expect(answer(() => uploadTarget('../etc', 'a.jpg'))).toEqual(onField('barcodeId', 1001));
    expect(answer(() => uploadTarget('../etc', 'a.exe'))).toEqual(onField('barcodeId', 1001));
    expect(answer(() => uploadTarget('AAAAAAAAAAAA', 'a.exe'))).toEqual(onField('File', 1001));
  });

  it('come as the barcodeId field, then one file; anything else is 2200 on its name', () => {
    const none = { barcodeId: false, file: false };
    expect(uploadPartRole({ type: 'field', fieldname: 'barcodeId' }, none)).toBe('barcodeId');
    expect(uploadPartRole({ type: 'file', fieldname: 'file' }, { barcodeId: true, file: false })).toBe('file');
    expect(
      answer(() => uploadPartRole({ type: 'field', fieldname: 'barcodeId' }, { barcodeId: true, file: false })),
    ).toEqual(onField('barcodeId', 2200));
    expect(answer(() => uploadPartRole({ type: 'file', fieldname: 'file' }, { barcodeId: true, file: true }))).toEqual(
      onField('file', 2200),
    );
    expect(answer(() => uploadPartRole({ type: 'file', fieldname: 'barcodeId' }, none))).toEqual(
      onField('barcodeId', 2200),
    );
    expect(answer(() => uploadPartRole({ type: 'field', fieldname: 'file' }, none))).toEqual(onField('file', 2200));
    expect(answer(() => uploadPartRole({ type: 'field', fieldname: 'note' }, none))).toEqual(onField('note', 2200));
    expect(
      answer(() => {
        throw missingFile();
      }),
    ).toEqual(onField('File', 1000));
  });

  it('keep their name for the download without control characters, at most 255 characters', () => {
    expect(keptFileName('a\u0000b\u001fc\u007fd.png')).toBe('abcd.png');
    expect(keptFileName('x'.repeat(300))).toHaveLength(255);
    expect(keptFileName('Lieferschein März.pdf')).toBe('Lieferschein März.pdf');
  });
});

describe('deleting an upload', () => {
  it('is for whoever uploaded it (403); a file not recorded is 404', () => {
    expect(answer(() => assertMayDelete({ user_id: STAFF.userId }, STAFF))).toBe('passed');
    expect(answer(() => assertMayDelete({ user_id: STAFF.userId }, OUTSIDER))).toEqual(common(403, 403));
    expect(answer(() => assertMayDelete(undefined, STAFF))).toEqual(common(404, 404));
    expect(
      answer(() => {
        throw fileNotFound();
      }),
    ).toEqual(common(404, 404));
  });

  it('is refused once the file was saved with a step: history is read-only (2000)', () => {
    expect(answer(() => assertNotSaved(true))).toEqual(common(2000));
    expect(answer(() => assertNotSaved(false))).toBe('passed');
  });
});
