import { readScanFeedback, type ScanFeedbackSettings } from '@/shared/storage/device-settings';

/**
 * Feedback a scanning hand can feel: a short beep (Web Audio: generated tones, no sound file to
 * download), a vibration (where the browser has navigator.vibrate) and a flash of the screen's
 * edge, each distinct per outcome and each switchable on the device (home page, 'Scan
 * feedback'). No flash for users whose system asks for reduced motion.
 *
 * - read: a barcode was read (one high beep, one short buzz, green);
 * - repeat: the code was already scanned (two short mid beeps, two short buzzes, amber);
 * - refused: the code cannot be used (one long low tone, one long buzz, red).
 */
export type ScanOutcome = 'read' | 'repeat' | 'refused';

export interface Tone {
  /** Hz */
  frequency: number;
  /** Start after the first tone's start, in seconds. */
  at: number;
  /** Seconds. */
  duration: number;
}

export const TONES: Record<ScanOutcome, readonly Tone[]> = {
  read: [{ frequency: 1760, at: 0, duration: 0.09 }],
  repeat: [
    { frequency: 880, at: 0, duration: 0.06 },
    { frequency: 880, at: 0.1, duration: 0.06 },
  ],
  refused: [{ frequency: 220, at: 0, duration: 0.35 }],
};

/** navigator.vibrate patterns (ms on, off, on, ...). */
export const VIBRATIONS: Record<ScanOutcome, readonly number[]> = {
  read: [60],
  repeat: [40, 60, 40],
  refused: [250],
};

export const FLASH_COLORS: Record<ScanOutcome, string> = {
  read: '#2f9e44',
  repeat: '#f08c00',
  refused: '#e03131',
};

export const FLASH_MS = 350;
/** Loud enough over a warehouse, below clipping (the tone is a square wave, which carries). */
const VOLUME = 0.25;

let audio: AudioContext | null = null;

function beep(outcome: ScanOutcome): boolean {
  const Context = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return false;
  try {
    audio ??= new Context();
    // A context made before any tap starts suspended; the scanner is opened by a tap, so resume works.
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const start = audio.currentTime + 0.01;
    for (const tone of TONES[outcome]) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = tone.frequency;
      const from = start + tone.at;
      const to = from + tone.duration;
      // 5 ms ramps at both ends: no click.
      gain.gain.setValueAtTime(0, from);
      gain.gain.linearRampToValueAtTime(VOLUME, from + 0.005);
      gain.gain.setValueAtTime(VOLUME, to - 0.005);
      gain.gain.linearRampToValueAtTime(0, to);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(from);
      oscillator.stop(to);
    }
    return true;
  } catch {
    // No audio device, or audio blocked: the vibration and the flash still tell.
    return false;
  }
}

function vibrate(outcome: ScanOutcome): boolean {
  if (typeof navigator.vibrate !== 'function') return false;
  try {
    return navigator.vibrate([...VIBRATIONS[outcome]]);
  } catch {
    return false;
  }
}

export const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A coloured edge and tint over the whole screen for FLASH_MS; never takes a tap or the focus. */
function flash(outcome: ScanOutcome): boolean {
  if (prefersReducedMotion()) return false;
  const overlay = document.createElement('div');
  overlay.dataset.scanFlash = outcome;
  overlay.setAttribute('aria-hidden', 'true');
  const color = FLASH_COLORS[outcome];
  Object.assign(overlay.style, {
    position: 'fixed',
    inset: '0',
    zIndex: '10000',
    pointerEvents: 'none',
    boxShadow: `inset 0 0 0 12px ${color}`,
    background: `${color}33`,
    transition: `opacity ${FLASH_MS}ms ease-out`,
    opacity: '1',
  });
  document.body.appendChild(overlay);
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      overlay.style.opacity = '0';
    }),
  );
  setTimeout(() => overlay.remove(), FLASH_MS + 50);
  return true;
}

/**
 * Gives the outcome of a scan on the channels this device has switched on; answers which ones
 * fired (a channel the device lacks, or that is off, does not).
 */
export function scanFeedback(
  outcome: ScanOutcome,
  settings: ScanFeedbackSettings = readScanFeedback(),
): ScanFeedbackSettings {
  return {
    beep: settings.beep && beep(outcome),
    vibrate: settings.vibrate && vibrate(outcome),
    flash: settings.flash && flash(outcome),
  };
}
