import { localized as text } from '@schemas/languages';
import type { CustomField, CustomFieldType } from '@schemas/custom-field';
import { FIELD_TYPE_NAMES } from '@renderer';
import { settingsFormOf } from './type-settings';

/** Each field type by its name in the four languages (its key is what the configuration stores). */
export const FIELD_TYPE_LABELS: Record<CustomFieldType, ReturnType<typeof text>> = {
  text: text('Text', 'テキスト', '文字', '文本'),
  number: text('Number', '数値', '數字', '数字'),
  adjustment: text('Stock adjustment', '在庫の増減', '庫存增減', '库存增减'),
  phoneNumber: text('Phone number', '電話番号', '電話號碼', '电话号码'),
  date: text('Date', '日付', '日期', '日期'),
  email: text('E-mail address', 'メールアドレス', '電子郵件地址', '电子邮件地址'),
  reference: text(
    'Reference data (shown, not typed)',
    '参照データ（表示のみ）',
    '參考資料（僅顯示）',
    '参考数据（仅显示）',
  ),
  singleSelect: text('One choice from a list', '一覧から1つ選択', '從清單選一項', '从列表选一项'),
  multiSelect: text('Several choices from a list', '一覧から複数選択', '從清單選多項', '从列表选多项'),
  calculation: text('Calculation (formula)', '計算（数式）', '計算（公式）', '计算（公式）'),
  location: text('Location', '位置情報', '位置', '位置'),
  eSign: text('Signature', '署名', '簽名', '签名'),
  files: text('Files and photos', 'ファイルと写真', '檔案與照片', '文件和照片'),
  ghgEmission: text('Greenhouse gas emission', '温室効果ガス排出量', '溫室氣體排放', '温室气体排放'),
  weightMeasurement: text('Weight', '重量', '重量', '重量'),
};

/**
 * The field builder's editing form, itself a configured form: a list of custom fields the
 * renderer compiles and the app's form draws like any trackpoint form, so the builder gets the
 * same widgets, validation, languages and accessibility as the phone's forms. What every type
 * has comes first; then the chosen type's own settings, generated from its schema
 * (`settingsFormOf`, model/type-settings.ts).
 */
const COMMON_FORM: CustomField[] = [
  {
    key: 'key',
    type: 'text',
    required: true,
    maxLength: 64,
    label: text('Key (letters, digits, _)', 'キー（英数字と _）', '鍵（字母、數字、_）', '键（字母、数字、_）'),
  },
  {
    key: 'type',
    type: 'singleSelect',
    required: true,
    label: text('Field type', '項目の型', '欄位類型', '字段类型'),
    options: FIELD_TYPE_NAMES.map((t) => ({ value: t, label: FIELD_TYPE_LABELS[t] })),
  },
  {
    key: 'labelEn',
    type: 'text',
    required: true,
    maxLength: 120,
    label: text('Label in English', '英語のラベル', '英文標籤', '英文标签'),
  },
  {
    key: 'labelJa',
    type: 'text',
    required: true,
    maxLength: 120,
    label: text('Label in Japanese', '日本語のラベル', '日文標籤', '日文标签'),
  },
  {
    key: 'labelZhTw',
    type: 'text',
    required: true,
    maxLength: 120,
    label: text('Label in Traditional Chinese', '繁体字中国語のラベル', '繁體中文標籤', '繁体中文标签'),
  },
  {
    key: 'labelZhCn',
    type: 'text',
    required: true,
    maxLength: 120,
    label: text('Label in Simplified Chinese', '簡体字中国語のラベル', '簡體中文標籤', '简体中文标签'),
  },
  {
    key: 'required',
    type: 'singleSelect',
    required: true,
    label: text('Must it be filled in?', '入力は必須ですか？', '必須填寫嗎？', '必须填写吗？'),
    options: [
      { value: 'yes', label: text('Yes, required', 'はい、必須', '是，必填', '是，必填') },
      { value: 'no', label: text('No, optional', 'いいえ、任意', '否，選填', '否，选填') },
    ],
  },
  {
    key: 'visibility',
    type: 'singleSelect',
    label: text('Who sees it', '表示対象', '誰可看見', '谁可看见'),
    options: [
      { value: 'visible', label: text('Everyone', '全員', '所有人', '所有人') },
      {
        value: 'visibleWhenLoggedIn',
        label: text('Logged-in users', 'ログインユーザー', '已登入使用者', '已登录用户'),
      },
      { value: 'hidden', label: text('Nobody (kept)', '非表示（保持）', '不顯示（保留）', '不显示（保留）') },
    ],
  },
];

/** A select's options, asked as lines (a new option gets its English label in all four languages; the JSON editor writes each). */
const OPTIONS_FIELD: CustomField = {
  key: 'options',
  type: 'text',
  multiLine: true,
  required: true,
  maxLength: 2000,
  label: text(
    'Options (one per line: value=label)',
    '選択肢（1行に1つ：値=ラベル）',
    '選項（每行一個：值=標籤）',
    '选项（每行一个：值=标签）',
  ),
};

/** The builder's form for a field of this type (the common part alone while no type is chosen). */
export function builderFormFor(type: string | undefined): CustomField[] {
  if (!type || !(FIELD_TYPE_NAMES as string[]).includes(type)) return COMMON_FORM;
  const fieldType = type as CustomFieldType;
  return [
    ...COMMON_FORM,
    ...(fieldType === 'singleSelect' || fieldType === 'multiSelect' ? [OPTIONS_FIELD] : []),
    ...settingsFormOf(fieldType),
  ];
}

/** The structure builder's add forms (a barcode type, a trackpoint): a key and a name in the four languages. */
export const NAMED_FORM: CustomField[] = COMMON_FORM.filter((f) =>
  ['key', 'labelEn', 'labelJa', 'labelZhTw', 'labelZhCn'].includes(f.key),
);
