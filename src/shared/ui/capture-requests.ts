import { createStore, type Store } from './store';

/** One open request for a capture dialog: what the caller asked, and how to answer it. */
export interface CaptureRequest<Args, Result> {
  args: Args;
  resolve(result: Result | null): void;
}

export interface CaptureDialog<Args, Result> {
  store: Store<CaptureRequest<Args, Result> | null>;
  /** Opens the dialog over the current screen; resolves with its result, or null when cancelled. */
  request(args: Args): Promise<Result | null>;
  /** Closes the dialog with this result (null: cancelled). */
  answer(result: Result | null): void;
}

/**
 * A capture dialog any screen can open (the scanner, the photo dialog, the OCR capture): the
 * request waits in a store that a host, drawn once for logged-in users, turns into the dialog.
 * A new request answers a previous one with null.
 */
function captureDialog<Args, Result>(): CaptureDialog<Args, Result> {
  const store = createStore<CaptureRequest<Args, Result> | null>(null);
  return {
    store,
    request: (args) =>
      new Promise((resolve) => {
        store.get()?.resolve(null);
        store.set({ args, resolve });
      }),
    answer: (result) => {
      const open = store.get();
      store.set(null);
      open?.resolve(result);
    },
  };
}

/** What the scanner gives: the confirmed value and the camera frame it was read from (null: typed). */
export interface ScanOutcome {
  text: string;
  frame: File | null;
}

/** A text field's barcode reader button; the scanner remembers its symbology per route name. */
export const scanDialog = captureDialog<{ routeName: string }, ScanOutcome>();

/** The files widget's photo-only kind: one PNG from the photo dialog (over the field's framing overlay, if any). */
export const photoDialog = captureDialog<{ overlayUrl?: string }, File>();

/** What the OCR capture gives: the confirmed, trimmed text and the picture it was read from. */
export interface OcrResult {
  text: string;
  image: File;
}

/** A text field's OCR reader button. */
export const ocrDialog = captureDialog<{ fieldName: string }, OcrResult>();
