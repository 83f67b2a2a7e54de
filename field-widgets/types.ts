import type { CustomFieldType } from '@schemas/custom-field';
import type { Language } from '@schemas/languages';
import type { FormStage } from '@schemas/field-constants';
import type { FieldOptions, GhgInputs } from '@renderer';
import type { GhgResult } from '@schemas/api/ghg';

/** A phone contact offered as a suggestion (barcode type's predefined contacts). */
export interface PhoneSuggestion {
  name: string;
  countryCode: string;
  number: string;
}

/**
 * What the screen around a form gives its widgets (rjsf formContext): suggestions and the I/O
 * a widget needs, passed down so that no widget calls the API by itself.
 */
export interface FormContext {
  language: Language;
  stage: FormStage;
  phoneSuggestions: PhoneSuggestion[];
  emailSuggestions: string[];
  /** Values of reference fields for this barcode (GET /barcode/reference-data); absent when there is no barcode. */
  referenceData?: Record<string, string>;
  /** Stores a file and resolves to its URL (POST /barcode/file, or a local URL in the playground). */
  uploadFile(file: File, onProgress: (percent: number) => void): Promise<string>;
  /** Forgets a stored file (DELETE /barcode/file). */
  deleteFile(url: string): Promise<void>;
  /** Reads the scale for auto weight measurement; absent where there is no scale (no barcode). */
  fetchWeight?: () => Promise<number>;
  /** Opens the photo dialog for a photo-only files field (with the field's framing overlay, if any); null when cancelled. Absent: the phone's camera app. */
  takePhoto?: (overlayUrl?: string) => Promise<File | null>;
  /** Opens the barcode scanner for a text field's reader button; null when cancelled. Absent: no button. */
  scanBarcode?: () => Promise<string | null>;
  /** Opens the OCR capture for a text field's reader button (the field's name); null when cancelled. Absent: no button. */
  readText?: (fieldName: string) => Promise<string | null>;
  /** The camera frame this form's barcode was scanned from, for barcode-scan-frame files. Absent: none. */
  scanFrame?: ScanFrameSource;
  /**
   * The running quantity of each adjustment quantity of the barcode (tracking), by the activation
   * field's key, as the server computes it (GET /barcode/barcode `quantities`). Absent: not known
   * (bulk tracking fills one form for many barcodes; the server checks each).
   */
  currentQuantities?: Record<string, CurrentQuantity>;
  /**
   * The calculation review of a GHG emission field (POST /barcode/review-calculation): the
   * emission the inputs give with the project's factors, or the translated reason there is none.
   * Absent: no review button (no project, e.g. a bare preview).
   */
  reviewCalculation?: (
    calculationType: string,
    input: GhgInputs,
  ) => Promise<{ result: GhgResult } | { message: string }>;
  /**
   * The review of a calculation field: its formula's inputs (with their labels) and result for
   * the values typed so far, or the translated reason there is none. Absent: no review button.
   */
  reviewFormula?: (fieldKey: string) => Promise<CalculationFieldReview>;
  /** Choices a widget keeps on this device. Absent: nothing is remembered. */
  deviceSettings?: DeviceSettings;
}

/** What the calculation review of a calculation field shows. */
export type CalculationFieldReview =
  | { formula: string; inputs: { key: string; label: string; value: number | undefined }[]; result: number | undefined }
  | { message: string };

/** One running quantity of an adjustment field, with the figures its widget shows. */
export interface CurrentQuantity {
  initial: number;
  /** Totals of the tracking steps' increases and decreases. */
  increase: number;
  decrease: number;
  /** What is left now: initial + increase - decrease. */
  remaining: number;
  /** The latest adjustment's amount and direction; null before any. */
  quantity: number | null;
  type: 'increase' | 'decrease' | null;
  /** ISO time of the latest adjustment; null before any. */
  adjustedAt: string | null;
}

/** The device-local settings widgets keep: the GHG load rate's auto switch. */
export type DeviceSettingKey = 'loadRateAuto';

export interface DeviceSettings {
  read(key: DeviceSettingKey): string | null;
  write(key: DeviceSettingKey, value: string): void;
}

/** Where a barcode-scan-frame files field finds the frame its barcode was scanned from. */
export interface ScanFrameSource {
  current(): File | null;
  subscribe(listener: () => void): () => void;
  /** The frame is stored with the form: it is not offered again. */
  used(): void;
}

/** What every field's `ui:options` carries besides its type's own options (renderer/compile.ts). */
export interface FieldIdentity {
  fieldKey: string;
  fieldType: CustomFieldType;
  required: boolean;
  /** Set by the form while a rule (form logic) requires the field: requiredIf holds, or it has relevant and is shown. */
  requiredByRule?: boolean;
}

/**
 * The props every field widget receives: rjsf's FieldProps reduced to what a widget needs.
 * `O` is what the field's type puts in `ui:options` (renderer/field-types/<type>.ts).
 */
export interface FieldWidgetProps<T = unknown, O extends object = Record<string, unknown>> {
  id: string;
  value: T | undefined;
  onChange(value: T | undefined): void;
  onBlur(): void;
  label: string;
  description?: string;
  required: boolean;
  readOnly: boolean;
  disabled: boolean;
  /** Translated error messages of this field, joined by line breaks. */
  error?: string;
  options: O & FieldIdentity;
  context: FormContext;
}

/** The props of the widget of field type F holding values of type T: its options are typed by its renderer file. */
export type WidgetProps<F extends CustomFieldType, T> = FieldWidgetProps<T, FieldOptions<F>>;
