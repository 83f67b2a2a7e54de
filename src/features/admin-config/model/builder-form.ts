import type { CustomField } from '@schemas/custom-field';
import { FIELD_TYPE_NAMES } from '@renderer';

const text = (en: string, ja: string, zhTw: string, zhCn: string) => ({ en, ja, 'zh-TW': zhTw, 'zh-CN': zhCn });

/** The field types the builder makes (the others need settings it does not ask for: the JSON editor makes them). */
const BUILDER_TYPES = FIELD_TYPE_NAMES.filter((t) => !['files', 'ghgEmission', 'weightMeasurement', 'reference', 'adjustment'].includes(t));

/**
 * The field builder's editing form, itself a configured form (issue 19): a list of custom fields
 * the renderer compiles and the app's form draws like any trackpoint form, so the builder gets
 * the same widgets, validation, languages and accessibility as the phone's forms.
 */
export const NEW_FIELD_FORM: CustomField[] = [
  { key: 'key', type: 'text', required: true, maxLength: 64, label: text('Key (letters, digits, _)', 'キー（英数字と _）', '鍵（字母、數字、_）', '键（字母、数字、_）') },
  {
    key: 'type', type: 'singleSelect', required: true, label: text('Field type', '項目の型', '欄位類型', '字段类型'),
    options: BUILDER_TYPES.map((t) => ({ value: t, label: text(t, t, t, t) })),
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
];

/**
 * The builder's form for changing an existing field: the same, its type list holding the field's
 * own type even when the builder does not make fields of that type (its labels, required flag and
 * visibility can still be changed here).
 */
export function editFieldForm(type: string): CustomField[] {
  if ((BUILDER_TYPES as readonly string[]).includes(type)) return NEW_FIELD_FORM;
  return NEW_FIELD_FORM.map((f) => (f.key === 'type' && f.type === 'singleSelect' ? { ...f, options: [...f.options, { value: type, label: text(type, type, type, type) }] } : f));
}
