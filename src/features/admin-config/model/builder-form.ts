import type { CustomField } from '@schemas/custom-field';
import { FIELD_TYPE_NAMES } from '@renderer';

const text = (en: string, ja: string, zhTw: string, zhCn: string) => ({ en, ja, 'zh-TW': zhTw, 'zh-CN': zhCn });

/** The one setting some field types cannot do without, by type: the builder field that asks it (its choices are that field's options). */
const TYPE_SETTINGS = {
  files: 'fileKind',
  ghgEmission: 'calculationType',
  weightMeasurement: 'weightMode',
  reference: 'referenceKey',
} as const;
export type TypeSettingKey = (typeof TYPE_SETTINGS)[keyof typeof TYPE_SETTINGS];

/**
 * The field builder's editing form, itself a configured form (issue 19): a list of custom fields
 * the renderer compiles and the app's form draws like any trackpoint form, so the builder gets
 * the same widgets, validation, languages and accessibility as the phone's forms.
 */
export const NEW_FIELD_FORM: CustomField[] = [
  { key: 'key', type: 'text', required: true, maxLength: 64, label: text('Key (letters, digits, _)', 'キー（英数字と _）', '鍵（字母、數字、_）', '键（字母、数字、_）') },
  {
    key: 'type', type: 'singleSelect', required: true, label: text('Field type', '項目の型', '欄位類型', '字段类型'),
    // Every field type (a type's other settings, such as a number's range, are the JSON editor's).
    options: FIELD_TYPE_NAMES.map((t) => ({ value: t, label: text(t, t, t, t) })),
  },
  { key: 'labelEn', type: 'text', required: true, maxLength: 120, label: text('Label in English', '英語のラベル', '英文標籤', '英文标签') },
  { key: 'labelJa', type: 'text', required: true, maxLength: 120, label: text('Label in Japanese', '日本語のラベル', '日文標籤', '日文标签') },
  { key: 'labelZhTw', type: 'text', required: true, maxLength: 120, label: text('Label in Traditional Chinese', '繁体字中国語のラベル', '繁體中文標籤', '繁体中文标签') },
  { key: 'labelZhCn', type: 'text', required: true, maxLength: 120, label: text('Label in Simplified Chinese', '簡体字中国語のラベル', '簡體中文標籤', '简体中文标签') },
  {
    key: 'required', type: 'singleSelect', label: text('Required', '必須', '必填', '必填'),
    options: [{ value: 'yes', label: text('Required', '必須', '必填', '必填') }, { value: 'no', label: text('Optional', '任意', '選填', '选填') }],
  },
  {
    key: 'visibility', type: 'singleSelect', label: text('Who sees it', '表示対象', '誰可看見', '谁可看见'),
    options: [
      { value: 'visible', label: text('Everyone', '全員', '所有人', '所有人') },
      { value: 'visibleWhenLoggedIn', label: text('Logged-in users', 'ログインユーザー', '已登入使用者', '已登录用户') },
      { value: 'hidden', label: text('Nobody (kept)', '非表示（保持）', '不顯示（保留）', '不显示（保留）') },
    ],
  },
  { key: 'options', type: 'text', multiLine: true, maxLength: 2000, label: text('Options (one per line: value=label)', '選択肢（1行に1つ：値=ラベル）', '選項（每行一個：值=標籤）', '选项（每行一个：值=标签）') },
  { key: 'mask', type: 'text', maxLength: 64, label: text('Input mask (text: 9 digit, a letter)', '入力マスク（9 数字、a 文字）', '輸入遮罩（9 數字、a 字母）', '输入掩码（9 数字、a 字母）') },
  { key: 'formula', type: 'text', maxLength: 500, label: text('Formula (calculation)', '計算式', '公式（計算）', '公式（计算）') },
  {
    key: 'fileKind', type: 'singleSelect', label: text('Files field: kind of files', 'ファイル項目：ファイルの種類', '檔案欄位：檔案種類', '文件字段：文件种类'),
    options: [
      { value: 'image', label: text('Images', '画像', '圖片', '图片') },
      { value: 'barcodeScanFrame', label: text('Photo of the barcode', 'バーコードの写真', '條碼照片', '条码照片') },
      { value: 'photoOnly', label: text('Camera photos only', 'カメラ撮影のみ', '僅限相機拍攝', '仅限相机拍摄') },
      { value: 'other', label: text('Any file', '任意のファイル', '任何檔案', '任何文件') },
    ],
  },
  {
    key: 'calculationType', type: 'singleSelect', label: text('GHG field: calculation method', 'GHG 項目：算定方法', '溫室氣體欄位：計算方法', '温室气体字段：计算方法'),
    options: [
      { value: 'fuel', label: text('Fuel used', '燃料法', '燃料法', '燃料法') },
      { value: 'fuelEfficiency', label: text('Fuel efficiency', '燃費法', '油耗法', '油耗法') },
      { value: 'modifiedTonkilo', label: text('Modified ton-kilometre', '改良トンキロ法', '改良噸公里法', '改良吨公里法') },
      { value: 'tonkilo', label: text('Ton-kilometre', 'トンキロ法', '噸公里法', '吨公里法') },
    ],
  },
  {
    key: 'weightMode', type: 'singleSelect', label: text('Weight field: how it is weighed', '重量項目：計量方法', '重量欄位：秤重方式', '重量字段：称重方式'),
    options: [
      { value: 'manual', label: text('Typed in', '手入力', '手動輸入', '手动输入') },
      { value: 'auto', label: text('From the scale', 'はかりから取得', '由秤取得', '由秤获取') },
    ],
  },
  { key: 'referenceKey', type: 'text', maxLength: 64, label: text('Reference field: data key', '参照項目：参照データのキー', '參考欄位：參考資料鍵', '参考字段：参考数据键') },
];

/** The builder field a field of this type cannot do without and that is empty, if any (the form refuses to add the field then). */
export function missingTypeSetting(input: Record<string, unknown>): TypeSettingKey | null {
  const setting = TYPE_SETTINGS[input.type as keyof typeof TYPE_SETTINGS] as TypeSettingKey | undefined;
  if (!setting) return null;
  const value = input[setting];
  return typeof value === 'string' && value.trim() !== '' ? null : setting;
}

/** The structure builder's add forms (a barcode type, a trackpoint): a key and a name in the four languages. */
export const NAMED_FORM: CustomField[] = NEW_FIELD_FORM.filter((f) => ['key', 'labelEn', 'labelJa', 'labelZhTw', 'labelZhCn'].includes(f.key));
