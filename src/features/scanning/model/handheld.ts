import { createWedgeDetector } from './keyboard-wedge';

export const AIMER_TARGETS = ['center', 'horizontalLine', 'firstDetected'] as const;
export type AimerTarget = (typeof AIMER_TARGETS)[number];
export const asAimerTarget = (value: string | null | undefined): AimerTarget =>
  (AIMER_TARGETS as readonly string[]).includes(value ?? '') ? (value as AimerTarget) : 'center';

/** Handheld info messages stay this long (spec section 9). */
export const HANDHELD_INFO_MS = 4000;

/** The scanner configuration of spec section 9 that a terminal's scanner is given. */
export interface HandheldScannerConfig {
  /** The same code read again within this time is not a new scan. */
  redundancyTimeoutMs: number;
  successCodeCounter: { count: number; enabled: boolean };
  scannerTimeout: number;
  scannerRedundancyTimeout: number;
  triggerMode: 'continuous' | 'normal';
  decodeArea: 'normal';
  aimerTarget: AimerTarget;
}

export function handheldScannerConfig({ bulk, enterpriseBrowser, aimerTarget }: { bulk: boolean; enterpriseBrowser: boolean; aimerTarget: AimerTarget }): HandheldScannerConfig {
  return {
    redundancyTimeoutMs: 2000,
    successCodeCounter: { count: 2, enabled: false },
    scannerTimeout: 25,
    scannerRedundancyTimeout: 3,
    triggerMode: bulk && enterpriseBrowser ? 'continuous' : 'normal',
    decodeArea: 'normal',
    aimerTarget,
  };
}

/**
 * How the app talks to a scanner. The terminal vendor's browser scanner API is not public, so
 * a native adapter (configure the hardware, trigger from the screen) can be added behind this
 * interface; the one shipped works with any scanner that types like a keyboard.
 */
export interface HandheldScannerAdapter {
  configure(config: HandheldScannerConfig): void;
  /** Starts listening; every scan is handed to onScan. Returns how to stop. */
  start(onScan: (text: string) => void): () => void;
  /** Starts a scan from the screen, where the scanner allows it. */
  trigger?: () => void;
}

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Scanners that type like a keyboard (handheld terminals in keyboard mode, USB and Bluetooth
 * scanners): a fast burst of keys ending in Enter outside a text field is a scan (typing in a
 * field is left alone: there the scanner fills the field). Of the configuration, what a
 * keyboard can honour is used: the same code within the redundancy timeout is read once.
 */
export function keyboardWedgeAdapter(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): HandheldScannerAdapter {
  let redundancyTimeoutMs = 2000;
  return {
    configure: (config) => {
      redundancyTimeoutMs = config.redundancyTimeoutMs;
    },
    start: (onScan) => {
      const detect = createWedgeDetector();
      let last: { text: string; at: number } | null = null;
      const onKeyDown = (event: KeyboardEvent) => {
        if (isEditable(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
        const text = detect(event.key, event.timeStamp);
        if (!text) return;
        event.preventDefault();
        if (last && last.text === text && event.timeStamp - last.at < redundancyTimeoutMs) return;
        last = { text, at: event.timeStamp };
        onScan(text);
      };
      target.addEventListener('keydown', onKeyDown as EventListener);
      return () => target.removeEventListener('keydown', onKeyDown as EventListener);
    },
  };
}
