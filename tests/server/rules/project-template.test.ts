import { describe, expect, it } from 'vitest';
import { qaCheck } from '../../../renderer/config-check';
import { localized } from '../../../schemas/languages';
import { minimalProjectConfig } from '../../../server/rules/project-template';

const config = minimalProjectConfig({ barcodeReaderType: 'camera', allowUserSelfRegister: true });
const pkg = config.barcodeTypes.package!;
const NOTE = { key: 'note', type: 'text', label: localized('Note', 'メモ', '備註', '备注'), maxLength: 200 };

describe('the configuration a new project starts with', () => {
  it('passes the QA check, so it can be published as it is', () => {
    expect(qaCheck(config).problems).toEqual([]);
    expect(
      qaCheck(minimalProjectConfig({ barcodeReaderType: 'commercial', allowUserSelfRegister: false })).problems,
    ).toEqual([]);
  });

  it('takes the barcode reader and whether users may register themselves from what the admin chose', () => {
    expect(config).toMatchObject({ barcodeReaderType: 'camera', allowUserSelfRegister: true });
    expect(minimalProjectConfig({ barcodeReaderType: 'commercial', allowUserSelfRegister: false })).toMatchObject({
      barcodeReaderType: 'commercial',
      allowUserSelfRegister: false,
    });
  });

  it('asks no password or one-time passcode and shows the search and tracking count pages', () => {
    expect(config).toMatchObject({
      requirePassword: false,
      requireOneTimePasscode: false,
      showBarcodeSearchPage: true,
      showTrackingCountPage: true,
    });
  });

  it('has one barcode type, a Package for staff and client users, white on blue', () => {
    expect(Object.keys(config.barcodeTypes)).toEqual(['package']);
    expect(pkg).toMatchObject({
      order: 1,
      name: localized('Package', '荷物', '包裹', '包裹'),
      icon: 'package',
      color: { foreground: '#ffffff', background: '#1c7ed6' },
      userTypes: ['staff', 'client'],
    });
  });

  it('activates a package with a required description of up to 100 characters', () => {
    expect(pkg.activationFields).toEqual([
      {
        key: 'description',
        type: 'text',
        label: localized('Description', '内容', '內容說明', '内容说明'),
        required: true,
        maxLength: 100,
      },
    ]);
  });

  it("tracks a package from Shipped to Received, the project's end, with an optional note of up to 200 characters at each", () => {
    expect(config.endTrackPointKey).toBe('received');
    expect(pkg.trackPoints).toEqual([
      {
        key: 'shipped',
        name: localized('Shipped', '出荷', '已出貨', '已发货'),
        trackPointForms: [
          { key: 'shipping', name: localized('Shipping', '出荷記録', '出貨紀錄', '发货记录'), customFields: [NOTE] },
        ],
      },
      {
        key: 'received',
        name: localized('Received', '受領', '已收貨', '已收货'),
        trackPointForms: [
          { key: 'receiving', name: localized('Receiving', '受領記録', '收貨紀錄', '收货记录'), customFields: [NOTE] },
        ],
      },
    ]);
  });
});
