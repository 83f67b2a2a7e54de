import type { DeviceSettings } from '@widgets/types';
import { readStored, writeStored } from './storage';

/**
 * Form widgets' choices kept on this device (the GHG load rate's auto switch), for their form
 * context. A module of its own: only screens with forms load it, not the first screen.
 */
export const deviceSettings: DeviceSettings = { read: readStored, write: writeStored };

/** What a successful, repeated or refused scan gives the hand that holds the phone. */
export type ScanFeedbackChannel = 'beep' | 'vibrate' | 'flash';
export type ScanFeedbackSettings = Record<ScanFeedbackChannel, boolean>;

export const SCAN_FEEDBACK_CHANNELS: readonly ScanFeedbackChannel[] = ['beep', 'vibrate', 'flash'];

const FEEDBACK_KEYS = { beep: 'scanBeep', vibrate: 'scanVibrate', flash: 'scanFlash' } as const;

/**
 * The scan feedback switches of this device: each is on until turned off here (stored '0'), so a
 * new phone beeps, vibrates and flashes; any other stored value reads as on.
 */
export function readScanFeedback(): ScanFeedbackSettings {
  return {
    beep: readStored(FEEDBACK_KEYS.beep) !== '0',
    vibrate: readStored(FEEDBACK_KEYS.vibrate) !== '0',
    flash: readStored(FEEDBACK_KEYS.flash) !== '0',
  };
}

export function writeScanFeedback(channel: ScanFeedbackChannel, on: boolean): void {
  writeStored(FEEDBACK_KEYS[channel], on ? '1' : '0');
}
