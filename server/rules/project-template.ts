import { localized as text } from '../../schemas/languages';
import type { ProjectConfig } from '../../schemas/project-config';

export interface ProjectTemplateInput {
  barcodeReaderType: ProjectConfig['barcodeReaderType'];
  allowUserSelfRegister: boolean;
}

/**
 * The configuration a new project starts with (version 1): the smallest one that passes the QA
 * check (`npm run validate`): one barcode type, "Package", activated by staff with a description,
 * tracked from "Shipped" to "Received" with a note at each. Admins then shape it in a draft.
 */
export function minimalProjectConfig(input: ProjectTemplateInput): ProjectConfig {
  const note = { key: 'note', type: 'text' as const, label: text('Note', 'メモ', '備註', '备注'), maxLength: 200 };
  return {
    barcodeReaderType: input.barcodeReaderType,
    endTrackPointKey: 'received',
    requirePassword: false,
    requireOneTimePasscode: false,
    allowUserSelfRegister: input.allowUserSelfRegister,
    showBarcodeSearchPage: true,
    showTrackingCountPage: true,
    barcodeTypes: {
      package: {
        order: 1,
        name: text('Package', '荷物', '包裹', '包裹'),
        icon: 'package',
        color: { foreground: '#ffffff', background: '#1c7ed6' },
        userTypes: ['staff', 'client'],
        activationFields: [
          {
            key: 'description',
            type: 'text',
            label: text('Description', '内容', '內容說明', '内容说明'),
            required: true,
            maxLength: 100,
          },
        ],
        trackPoints: [
          {
            key: 'shipped',
            name: text('Shipped', '出荷', '已出貨', '已发货'),
            trackPointForms: [
              { key: 'shipping', name: text('Shipping', '出荷記録', '出貨紀錄', '发货记录'), customFields: [note] },
            ],
          },
          {
            key: 'received',
            name: text('Received', '受領', '已收貨', '已收货'),
            trackPointForms: [
              { key: 'receiving', name: text('Receiving', '受領記録', '收貨紀錄', '收货记录'), customFields: [note] },
            ],
          },
        ],
      },
    },
  } as ProjectConfig;
}
