import { createWedgeDetector, GROUP_SEPARATOR } from './keyboard-wedge';

export const AIMER_TARGETS = ['center', 'horizontalLine', 'firstDetected'] as const;
export type AimerTarget = (typeof AIMER_TARGETS)[number];
export const asAimerTarget = (value: string | null | undefined): AimerTarget =>
  (AIMER_TARGETS as readonly string[]).includes(value ?? '') ? (value as AimerTarget) : 'center';

/** What a keyboard-mode scanner may type for GS1's group separator: GS itself (or Ctrl+]), or a stand-in outside GS1's character sets. */
export const GROUP_SEPARATORS = ['gs', '~', '^', '|'] as const;
export type GroupSeparator = (typeof GROUP_SEPARATORS)[number];
export const asGroupSeparator = (value: string | null | undefined): GroupSeparator =>
  (GROUP_SEPARATORS as readonly string[]).includes(value ?? '') ? (value as GroupSeparator) : 'gs';

/** How long a handheld info message stays: longer than a toast, as it says what to do next. */
export const HANDHELD_INFO_MS = 4000;

/** The scanner configuration a terminal's scanner is given. */
export interface HandheldScannerConfig {
  /** The same code read again within this time is not a new scan. */
  redundancyTimeoutMs: number;
  successCodeCounter: { count: number; enabled: boolean };
  scannerTimeout: number;
  scannerRedundancyTimeout: number;
  triggerMode: 'continuous' | 'normal';
  decodeArea: 'normal';
  aimerTarget: AimerTarget;
  /** What the scanner types for GS1's group separator (default GS itself). */
  groupSeparator: GroupSeparator;
}

export function handheldScannerConfig({
  bulk,
  enterpriseBrowser,
  aimerTarget,
  groupSeparator = 'gs',
}: {
  bulk: boolean;
  enterpriseBrowser: boolean;
  aimerTarget: AimerTarget;
  groupSeparator?: GroupSeparator;
}): HandheldScannerConfig {
  return {
    redundancyTimeoutMs: 2000,
    successCodeCounter: { count: 2, enabled: false },
    scannerTimeout: 25,
    scannerRedundancyTimeout: 3,
    triggerMode: bulk && enterpriseBrowser ? 'continuous' : 'normal',
    decodeArea: 'normal',
    aimerTarget,
    groupSeparator,
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
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Scanners that type like a keyboard (handheld terminals in keyboard mode, USB and Bluetooth
 * scanners): a fast burst of keys ending in Enter outside a text field is a scan (typing in a
 * field is left alone: there the scanner fills the field). Of the configuration, what a
 * keyboard can honour is used: the same code within the redundancy timeout is read once.
 */
export function keyboardWedgeAdapter(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): HandheldScannerAdapter {
  let redundancyTimeoutMs = 2000;
  let groupSeparator: GroupSeparator = 'gs';
  return {
    configure: (config) => {
      redundancyTimeoutMs = config.redundancyTimeoutMs;
      groupSeparator = config.groupSeparator;
    },
    start: (onScan) => {
      const detect = createWedgeDetector({ groupSeparator: groupSeparator === 'gs' ? undefined : groupSeparator });
      let last: { text: string; at: number } | null = null;
      const onKeyDown = (event: KeyboardEvent) => {
        if (isEditable(event.target)) return;
        // Ctrl+] is how a keyboard types GS (0x1D), GS1's group separator.
        const gs = event.ctrlKey && event.key === ']';
        if (!gs && (event.ctrlKey || event.metaKey || event.altKey)) return;
        const text = detect(gs ? GROUP_SEPARATOR : event.key, event.timeStamp);
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
