import type { CustomFieldType, FieldOf } from './custom-field';
import type { ProjectConfig } from './project-config';
import { storedFileUrl } from './api/files';
import { localized as text } from './languages';

/**
 * The examples of the configuration reference (docs/admins/configuration.md, written by
 * `npm run docs:config`): a small whole configuration and one field of every type with a value
 * as a form sends it. The reference shows them as they are here, and the tests check each one
 * with the renderer (the configuration check, the compiled form and its validation), so what
 * the reference shows is what works.
 */

/** One example of a field type. */
export interface FieldExample<T extends CustomFieldType = CustomFieldType> {
  /** The field as an admin writes it. */
  field: FieldOf<T>;
  /** A value of the field as a form sends it, and as the server stores it (a GHG field: with the emission it adds). */
  value: unknown;
  /** The types whose examples the field needs in its form: a calculation's inputs. */
  alongside?: CustomFieldType[];
}

/** The barcode the example values of files and signatures were uploaded to. */
export const EXAMPLE_BARCODE_ID = '0b6e4f2a-9c1d-4e8b-a7f3-5d2c8e1b9a40';

/** One example of every field type, in any order (the reference follows the renderer's order of types). */
export const FIELD_EXAMPLES: { [T in CustomFieldType]: FieldExample<T> } = {
  text: {
    field: {
      key: 'lotNumber',
      type: 'text',
      label: text('Lot number', 'ロット番号', '批號', '批号'),
      required: true,
      inputPattern: 'lettersDigitsDash',
      maxLength: 20,
      readers: ['barcode', 'ocr'],
      helpText: text('As printed on the case', 'ケースの印字どおり', '依箱上印字', '按箱上印字'),
    },
    value: 'L-2026-0042',
  },
  number: {
    field: {
      key: 'caseCount',
      type: 'number',
      label: text('Cases', 'ケース数', '箱數', '箱数'),
      min: 1,
      max: 200,
      precision: 0,
      unitSuffix: 'cases',
    },
    value: 24,
  },
  adjustment: {
    field: {
      key: 'initialStock',
      type: 'adjustment',
      label: text('Cases in stock', '在庫ケース数', '庫存箱數', '库存箱数'),
      sign: 'increase',
      precision: 0,
      min: 0,
      max: 1000,
      unitSuffix: 'cases',
    },
    value: { type: 'increase', value: 40 },
  },
  phoneNumber: {
    field: {
      key: 'consigneePhone',
      type: 'phoneNumber',
      label: text('Consignee phone', '荷受人電話番号', '收貨人電話', '收货人电话'),
    },
    value: '+81 90-1111-2222',
  },
  date: {
    field: {
      key: 'expiryDate',
      type: 'date',
      label: text('Expiry date', '有効期限', '有效期限', '有效期限'),
      required: true,
      minDate: '2024-01-01',
    },
    value: '2027-03-31',
  },
  email: {
    field: {
      key: 'contactEmail',
      type: 'email',
      label: text('Notification e-mail', '通知先メール', '通知電子郵件', '通知电子邮件'),
      visibility: 'visibleWhenLoggedIn',
    },
    value: 'qa@frostline.example',
  },
  reference: {
    field: {
      key: 'purchaseOrder',
      type: 'reference',
      label: text('Purchase order', '発注番号', '採購單號', '采购单号'),
      referenceKey: 'purchaseOrder',
    },
    value: 'PO-2026-0042',
  },
  singleSelect: {
    field: {
      key: 'storageRange',
      type: 'singleSelect',
      label: text('Storage', '保管温度帯', '儲存溫度', '储存温度'),
      required: true,
      options: [
        { value: '2-8', label: text('2–8 °C', '2〜8 °C', '2–8 °C', '2–8 °C') },
        { value: 'frozen', label: text('Frozen', '冷凍', '冷凍', '冷冻') },
      ],
    },
    value: '2-8',
  },
  multiSelect: {
    field: {
      key: 'handling',
      type: 'multiSelect',
      label: text('Handling', '取扱注意', '處理注意', '处理注意'),
      maxItems: 2,
      options: [
        { value: 'fragile', label: text('Fragile', '壊れ物', '易碎', '易碎') },
        { value: 'upright', label: text('Keep upright', '天地無用', '請勿倒置', '请勿倒置') },
        { value: 'dry', label: text('Keep dry', '水濡れ厳禁', '保持乾燥', '保持干燥') },
      ],
    },
    value: ['fragile', 'upright'],
  },
  calculation: {
    field: {
      key: 'weightPerCase',
      type: 'calculation',
      label: text('Weight per case', '1ケースあたりの重量', '每箱重量', '每箱重量'),
      formula: 'palletWeight / caseCount',
      precision: 2,
      unitSuffix: 'kg',
    },
    // The pallet's 486 kg (the weight measurement example) over its 24 cases (the number example).
    value: 20.25,
    alongside: ['number', 'weightMeasurement'],
  },
  location: {
    field: {
      key: 'dockLocation',
      type: 'location',
      label: text('Dock location', 'ドック位置', '月台位置', '月台位置'),
    },
    value: { latitude: 34.70248, longitude: 135.49592, accuracy: 12 },
  },
  eSign: {
    field: {
      key: 'receiverSignature',
      type: 'eSign',
      label: text('Signature', '署名', '簽名', '签名'),
      required: true,
    },
    value: storedFileUrl(EXAMPLE_BARCODE_ID, 'Qm7x1C8d4Fak3v9Z.png'),
  },
  files: {
    field: {
      key: 'deliveryPhotos',
      type: 'files',
      label: text('Photos', '写真', '照片', '照片'),
      fileKind: 'image',
      maxCount: 3,
      maxImageSide: 1600,
    },
    value: [{ name: 'dock.jpg', url: storedFileUrl(EXAMPLE_BARCODE_ID, 'k3v9Q2m7x1C8d4Fa.jpg') }],
  },
  ghgEmission: {
    field: {
      key: 'truckEmission',
      type: 'ghgEmission',
      label: text('Truck emission', 'トラックの排出量', '卡車排放量', '卡车排放量'),
      calculationType: 'modifiedTonkilo',
    },
    // 2 t over 100 km on a 4 to 6 t diesel truck loaded at 40 %.
    value: {
      transportType: 'dieselTruck4to6t',
      vehicleUsageType: 'business',
      weight: 2,
      distance: 100,
      maxWeightCapacity: 5,
      loadRate: 0.4,
    },
  },
  weightMeasurement: {
    field: {
      key: 'palletWeight',
      type: 'weightMeasurement',
      label: text('Pallet weight', 'パレット重量', '棧板重量', '托盘重量'),
      mode: 'auto',
      precision: 1,
    },
    value: 486,
  },
};

/**
 * A small whole configuration: one barcode type from a warehouse to its delivery, with an
 * activation field, a photo at pickup, a signature and a notification at the end.
 */
export const EXAMPLE_PROJECT: ProjectConfig = {
  barcodeReaderType: 'camera',
  endTrackPointKey: 'delivered',
  requirePassword: true,
  requireOneTimePasscode: false,
  allowUserSelfRegister: false,
  showBarcodeSearchPage: true,
  showTrackingCountPage: false,
  barcodeTypes: {
    parcel: {
      order: 1,
      name: text('Parcel', '小包', '包裹', '包裹'),
      icon: 'package',
      color: { foreground: '#ffffff', background: '#0b7285' },
      userTypes: ['staff', 'carrier'],
      activationFields: [
        {
          key: 'orderNumber',
          type: 'text',
          label: text('Order number', '注文番号', '訂單號碼', '订单号'),
          required: true,
          maxLength: 20,
          readers: ['barcode'],
        },
      ],
      uiConfig: { listViewTitleLabelField: 'orderNumber' },
      trackPointRouteNotifications: { smsDestinations: [], emailDestinations: ['dispatch@parcels.example'] },
      trackPoints: [
        {
          key: 'warehouse',
          name: text('Warehouse', '倉庫', '倉庫', '仓库'),
          requireDestination: true,
          trackPointForms: [],
        },
        {
          key: 'carrier',
          name: text('Carrier', '運送業者', '承運商', '承运商'),
          trackPointForms: [
            {
              key: 'pickup',
              name: text('Pickup', '集荷', '取件', '取件'),
              customFields: [
                {
                  key: 'pickupPhoto',
                  type: 'files',
                  label: text('Photo at pickup', '集荷時の写真', '取件照片', '取件照片'),
                  fileKind: 'photoOnly',
                  maxCount: 1,
                },
              ],
            },
          ],
        },
        {
          key: 'delivered',
          name: text('Delivered', '配達済み', '已送達', '已送达'),
          trackPointForms: [
            {
              key: 'handover',
              customFields: [
                {
                  key: 'receiverSignature',
                  type: 'eSign',
                  label: text('Signature', '署名', '簽名', '签名'),
                  required: true,
                },
              ],
            },
          ],
          routeNotification: {
            subject: 'Parcel {{field.orderNumber}} delivered',
            body: '<p>Parcel <strong>{{field.orderNumber}}</strong> ({{barcodeId}}) was delivered.</p>',
          },
        },
      ],
    },
  },
};
