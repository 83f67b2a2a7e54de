import { localized as text } from '@schemas/languages';
import { CustomFieldSchema, type CustomField, type CustomFieldType } from '@schemas/custom-field';
import type { LocalizedText } from '@schemas/common';

/**
 * Each field type's own settings form, generated from that type's branch of the configuration
 * format (schemas/custom-field.ts, the schema the server and the QA check validate with): a
 * property of the type becomes a field of the builder's form, its kind from its JSON Schema (a
 * number for an integer or number, a choice for an enum, a date for format date, several
 * choices for an array of an enum, yes / no for a boolean, text for a string) with the schema's
 * bounds and whether it is required. A property added to a type appears in the builder without
 * a new screen; only its label, in the four languages, is written here (a unit test fails while
 * one is missing).
 */

/**
 * What the builder asks for every type itself (key, labels, required, visibility), a select's options, which it asks
 * as lines, and the form-logic rules, which every type has and the builder keeps as written (draft-edit.ts).
 */
const NOT_TYPE_SETTINGS = new Set([
  'type',
  'key',
  'label',
  'required',
  'visibility',
  'order',
  'helpText',
  'options',
  'relevant',
  'requiredIf',
  'readOnlyIf',
  'constraint',
  'constraintMessage',
]);

/** The label of each type property, in the four languages. */
export const SETTING_LABELS: Record<string, LocalizedText> = {
  minLength: text('Fewest characters', '最小文字数', '最少字元數', '最少字符数'),
  maxLength: text('Most characters', '最大文字数', '最多字元數', '最多字符数'),
  inputPattern: text('Characters allowed', '入力できる文字', '允許的字元', '允许的字符'),
  mask: text(
    'Input mask (9 digit, a letter, * either)',
    '入力マスク（9 数字、a 英字、* どちらか）',
    '輸入遮罩（9 數字、a 字母、* 任一）',
    '输入掩码（9 数字、a 字母、* 任一）',
  ),
  multiLine: text('Several lines', '複数行', '多行', '多行'),
  counter: text('Show a character counter', '文字数カウンターを表示', '顯示字元計數', '显示字符计数'),
  readers: text('Reader buttons', '読み取りボタン', '讀取按鈕', '读取按钮'),
  min: text('Smallest value', '最小値', '最小值', '最小值'),
  max: text('Largest value', '最大値', '最大值', '最大值'),
  precision: text('Decimals kept', '小数点以下の桁数', '保留小數位數', '保留小数位数'),
  decimalMode: text('Rounding', '端数処理', '進位方式', '进位方式'),
  step: text('Step of the + and − buttons', '＋／− ボタンの増減幅', '＋／− 按鈕的間隔', '＋／− 按钮的步长'),
  unitPrefix: text('Unit before the value', '値の前の単位', '數值前的單位', '数值前的单位'),
  unitSuffix: text('Unit after the value', '値の後の単位', '數值後的單位', '数值后的单位'),
  sign: text('Preselected change', '初期選択の増減', '預選的增減', '预选的增减'),
  quantityOf: text('Quantity it changes (key)', '増減する数量（キー）', '變更的數量（鍵）', '变更的数量（键）'),
  minDate: text('Earliest date', '最も早い日付', '最早日期', '最早日期'),
  maxDate: text('Latest date', '最も遅い日付', '最晚日期', '最晚日期'),
  referenceKey: text('Reference data key', '参照データのキー', '參考資料鍵', '参考数据键'),
  minItems: text('Fewest choices', '最小選択数', '最少選項數', '最少选项数'),
  maxItems: text('Most choices', '最大選択数', '最多選項數', '最多选项数'),
  formula: text('Formula', '計算式', '公式', '公式'),
  fileKind: text('Kind of files', 'ファイルの種類', '檔案種類', '文件种类'),
  maxCount: text('Most files', '最大ファイル数', '最多檔案數', '最多文件数'),
  maxImageSide: text(
    'Longer side of images (pixels)',
    '画像の長辺（ピクセル）',
    '圖片長邊（像素）',
    '图片长边（像素）',
  ),
  overlayImageUrl: text(
    'Camera overlay image (path on this site)',
    'カメラ重ね合わせ画像（このサイトのパス）',
    '相機疊加圖片（本站路徑）',
    '相机叠加图片（本站路径）',
  ),
  calculationType: text('Calculation method', '算定方法', '計算方法', '计算方法'),
  mode: text('How it is weighed', '計量方法', '秤重方式', '称重方式'),
};

/** The label of each value of an enumerated property, in the four languages. */
export const VALUE_LABELS: Record<string, Record<string, LocalizedText>> = {
  inputPattern: {
    digits: text('Digits', '数字', '數字', '数字'),
    digitsDash: text('Digits and -', '数字と -', '數字和 -', '数字和 -'),
    digitsUnderscore: text('Digits and _', '数字と _', '數字和 _', '数字和 _'),
    letters: text('Letters', '英字', '字母', '字母'),
    lettersDash: text('Letters and -', '英字と -', '字母和 -', '字母和 -'),
    lettersUnderscore: text('Letters and _', '英字と _', '字母和 _', '字母和 _'),
    lettersDigits: text('Letters and digits', '英数字', '字母和數字', '字母和数字'),
    lettersDigitsDash: text('Letters, digits and -', '英数字と -', '字母、數字和 -', '字母、数字和 -'),
    lettersDigitsUnderscore: text('Letters, digits and _', '英数字と _', '字母、數字和 _', '字母、数字和 _'),
  },
  readers: {
    barcode: text('Barcode', 'バーコード', '條碼', '条码'),
    ocr: text('Text recognition (OCR)', '文字認識（OCR）', '文字辨識（OCR）', '文字识别（OCR）'),
  },
  decimalMode: {
    round: text('Round', '四捨五入', '四捨五入', '四舍五入'),
    floor: text('Down', '切り捨て', '無條件捨去', '向下取整'),
    ceil: text('Up', '切り上げ', '無條件進位', '向上取整'),
  },
  sign: {
    increase: text('Increase', '増加', '增加', '增加'),
    decrease: text('Decrease', '減少', '減少', '减少'),
  },
  fileKind: {
    image: text('Images', '画像', '圖片', '图片'),
    barcodeScanFrame: text('Photo of the barcode', 'バーコードの写真', '條碼照片', '条码照片'),
    photoOnly: text('Camera photos only', 'カメラ撮影のみ', '僅限相機拍攝', '仅限相机拍摄'),
    other: text('Any file', '任意のファイル', '任何檔案', '任何文件'),
  },
  calculationType: {
    fuel: text('Fuel used', '燃料法', '燃料法', '燃料法'),
    fuelEfficiency: text('Fuel efficiency', '燃費法', '油耗法', '油耗法'),
    modifiedTonkilo: text('Modified ton-kilometre', '改良トンキロ法', '改良噸公里法', '改良吨公里法'),
    tonkilo: text('Ton-kilometre', 'トンキロ法', '噸公里法', '吨公里法'),
  },
  mode: {
    manual: text('Typed in', '手入力', '手動輸入', '手动输入'),
    auto: text('From the scale', 'はかりから取得', '由秤取得', '由秤获取'),
  },
};

const YES_NO = [
  { value: 'yes', label: text('Yes', 'はい', '是', '是') },
  { value: 'no', label: text('No', 'いいえ', '否', '否') },
];

/** The JSON Schema of a property, as the configuration format writes it. */
interface PropertySchema {
  type?: string;
  enum?: string[];
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  items?: { enum?: string[] };
}

interface TypeBranch {
  properties: Record<string, PropertySchema> & { type: { const: string } };
  required?: string[];
}

const BRANCHES = new Map(
  (CustomFieldSchema as unknown as { oneOf: TypeBranch[] }).oneOf.map((b) => [
    b.properties.type.const as CustomFieldType,
    b,
  ]),
);

/** The type's own properties (those the builder's settings form asks), in the order the format lists them. */
export function settingNamesOf(type: CustomFieldType): string[] {
  const branch = BRANCHES.get(type);
  return branch ? Object.keys(branch.properties).filter((k) => !NOT_TYPE_SETTINGS.has(k)) : [];
}

function choicesOf(name: string, values: readonly string[]) {
  return values.map((value) => ({ value, label: VALUE_LABELS[name]?.[value] ?? text(value, value, value, value) }));
}

/** One property as a field of the builder's form. */
function settingField(name: string, schema: PropertySchema, required: boolean): CustomField {
  const common = {
    key: name,
    label: SETTING_LABELS[name] ?? text(name, name, name, name),
    ...(required ? { required: true } : {}),
  };
  if (schema.enum) return { ...common, type: 'singleSelect', options: choicesOf(name, schema.enum) };
  if (schema.type === 'array' && schema.items?.enum)
    return { ...common, type: 'multiSelect', options: choicesOf(name, schema.items.enum) };
  if (schema.type === 'boolean') return { ...common, type: 'singleSelect', options: YES_NO };
  if (schema.type === 'integer' || schema.type === 'number') {
    const bounds = {
      ...(schema.minimum !== undefined ? { min: schema.minimum } : {}),
      ...(schema.maximum !== undefined ? { max: schema.maximum } : {}),
    };
    return { ...common, type: 'number', precision: schema.type === 'integer' ? 0 : 6, ...bounds };
  }
  if (schema.format === 'date') return { ...common, type: 'date' };
  return { ...common, type: 'text', ...(schema.maxLength !== undefined ? { maxLength: schema.maxLength } : {}) };
}

/** The settings form of a field type: one builder field per property of the type (none for a type without its own). */
export function settingsFormOf(type: CustomFieldType): CustomField[] {
  const branch = BRANCHES.get(type);
  if (!branch) return [];
  const required = new Set(branch.required ?? []);
  return settingNamesOf(type).map((name) => settingField(name, branch.properties[name]!, required.has(name)));
}

/** The builder's values for a field's own settings (booleans as yes / no). */
export function settingsInputOf(field: CustomField): Record<string, unknown> {
  const values = field as unknown as Record<string, unknown>;
  const input: Record<string, unknown> = {};
  for (const name of settingNamesOf(field.type)) {
    const value = values[name];
    if (value === undefined) continue;
    input[name] = typeof value === 'boolean' ? (value ? 'yes' : 'no') : value;
  }
  return input;
}

/** The type's own settings from the builder's values: empty ones left out, yes / no as booleans, text trimmed. */
export function settingsFromInput(type: CustomFieldType, input: Record<string, unknown>): Record<string, unknown> {
  const branch = BRANCHES.get(type);
  const settings: Record<string, unknown> = {};
  for (const name of settingNamesOf(type)) {
    let value = input[name];
    if (typeof value === 'string') value = value.trim();
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    if (branch?.properties[name]?.type === 'boolean') value = value === 'yes';
    settings[name] = value;
  }
  return settings;
}
