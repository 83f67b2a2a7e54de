import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { initI18n } from '@/shared/i18n/i18n';
import { readScanFeedback, writeScanFeedback } from '@/shared/storage/device-settings';
import {
  FLASH_COLORS,
  FLASH_MS,
  scanFeedback,
  TONES,
  VIBRATIONS,
  type ScanOutcome,
} from '@/features/scanning/model/scan-feedback';
import { ScanFeedbackSettings } from '@/features/scanning/components/scan-feedback-settings';

/** Records the tones the app schedules: frequency, start and stop, relative to the context's clock. */
const played: { frequency: number; start: number; stop: number; type: string }[] = [];
class FakeAudioContext {
  state = 'running';
  currentTime = 5;
  destination = {};
  resume = vi.fn(async () => undefined);
  createGain() {
    const param = { setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn() };
    return { gain: param, connect: (next: unknown) => next };
  }
  createOscillator() {
    const tone = { frequency: 0, start: 0, stop: 0, type: '' };
    played.push(tone);
    return {
      set type(value: string) {
        tone.type = value;
      },
      frequency: {
        set value(hz: number) {
          tone.frequency = hz;
        },
      },
      connect: (next: unknown) => next,
      start: (at: number) => {
        tone.start = at;
      },
      stop: (at: number) => {
        tone.stop = at;
      },
    };
  }
}

const vibrate = vi.fn((pattern: number[]) => pattern.length > 0);
let reducedMotion = false;

beforeAll(async () => {
  await initI18n(['en']);
  await i18next.loadNamespaces('barcode');
  Object.assign(window, { AudioContext: FakeAudioContext });
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('reduced-motion') && reducedMotion,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
});

beforeEach(() => {
  played.length = 0;
  vibrate.mockClear();
  reducedMotion = false;
  vi.useFakeTimers({ toFake: ['setTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  document.querySelectorAll('[data-scan-flash]').forEach((el) => el.remove());
});

const tonesOf = (outcome: ScanOutcome) => {
  played.length = 0;
  scanFeedback(outcome, { beep: true, vibrate: false, flash: false });
  return played.map((tone) => ({
    frequency: tone.frequency,
    at: +(tone.start - played[0]!.start).toFixed(3),
    duration: +(tone.stop - tone.start).toFixed(3),
  }));
};

describe('scan feedback', () => {
  it('plays a distinct generated beep per outcome, scheduled on the audio clock', () => {
    for (const outcome of ['read', 'repeat', 'refused'] as const) {
      expect(tonesOf(outcome)).toEqual(
        TONES[outcome].map((tone) => ({ frequency: tone.frequency, at: tone.at, duration: tone.duration })),
      );
    }
    expect(played.every((tone) => tone.start >= 5)).toBe(true);
    const signatures = (['read', 'repeat', 'refused'] as const).map((outcome) => JSON.stringify(TONES[outcome]));
    expect(new Set(signatures).size).toBe(3);
  });

  it('vibrates with a distinct pattern per outcome', () => {
    for (const outcome of ['read', 'repeat', 'refused'] as const) {
      scanFeedback(outcome, { beep: false, vibrate: true, flash: false });
      expect(vibrate).toHaveBeenLastCalledWith([...VIBRATIONS[outcome]]);
    }
    expect(new Set(Object.values(VIBRATIONS).map((p) => p.join())).size).toBe(3);
  });

  it('flashes the outcome colour over the screen without taking taps, then removes the flash', () => {
    const fired = scanFeedback('refused', { beep: false, vibrate: false, flash: true });
    expect(fired).toEqual({ beep: false, vibrate: false, flash: true });
    const overlay = document.querySelector<HTMLElement>('[data-scan-flash="refused"]');
    expect(overlay).not.toBeNull();
    expect(overlay!.getAttribute('aria-hidden')).toBe('true');
    expect(overlay!.style.pointerEvents).toBe('none');
    expect(overlay!.style.boxShadow).toContain(FLASH_COLORS.refused);
    vi.advanceTimersByTime(FLASH_MS + 60);
    expect(document.querySelector('[data-scan-flash]')).toBeNull();
  });

  it('never flashes when the system asks for reduced motion (beep and vibration still work)', () => {
    reducedMotion = true;
    const fired = scanFeedback('read', { beep: true, vibrate: true, flash: true });
    expect(fired).toEqual({ beep: true, vibrate: true, flash: false });
    expect(document.querySelector('[data-scan-flash]')).toBeNull();
  });

  it('follows the device settings: all on by default, each channel off on its own', () => {
    expect(readScanFeedback()).toEqual({ beep: true, vibrate: true, flash: true });
    writeScanFeedback('beep', false);
    writeScanFeedback('flash', false);
    expect(readScanFeedback()).toEqual({ beep: false, vibrate: true, flash: false });
    const fired = scanFeedback('read');
    expect(fired).toEqual({ beep: false, vibrate: true, flash: false });
    expect(played).toHaveLength(0);
    expect(document.querySelector('[data-scan-flash]')).toBeNull();
    writeScanFeedback('beep', true);
    expect(readScanFeedback().beep).toBe(true);
  });

  it('without Web Audio or vibration support, the other channels still fire', () => {
    const { AudioContext: saved } = window;
    Object.assign(window, { AudioContext: undefined });
    const savedVibrate = Object.getOwnPropertyDescriptor(navigator, 'vibrate')!;
    Object.defineProperty(navigator, 'vibrate', { value: undefined, configurable: true });
    try {
      expect(scanFeedback('read', { beep: false, vibrate: true, flash: true })).toEqual({
        beep: false,
        vibrate: false,
        flash: true,
      });
    } finally {
      Object.assign(window, { AudioContext: saved });
      Object.defineProperty(navigator, 'vibrate', savedVibrate);
    }
  });
});

describe('ScanFeedbackSettings (home page)', () => {
  it('switches each channel off and on for this device, and gives a sample when one is turned on', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <ScanFeedbackSettings />
      </MantineProvider>,
    );
    const toggle = screen.getByRole('button', { name: 'Scan feedback' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const beep = screen.getByRole('switch', { name: 'Beep' });
    const vibration = screen.getByRole('switch', { name: 'Vibrate' });
    expect(beep).toHaveProperty('checked', true);
    expect(vibration).toHaveProperty('checked', true);
    await user.click(beep);
    expect(beep).toHaveProperty('checked', false);
    expect(readScanFeedback()).toEqual({ beep: false, vibrate: true, flash: true });
    played.length = 0;
    await act(async () => {
      await user.click(beep);
    });
    expect(readScanFeedback().beep).toBe(true);
    expect(played.map((tone) => tone.frequency)).toEqual(TONES.read.map((tone) => tone.frequency));
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('says the flash stays off under reduced motion', async () => {
    vi.useRealTimers();
    reducedMotion = true;
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <ScanFeedbackSettings />
      </MantineProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Scan feedback' }));
    expect(screen.getByText('Never flashes while this device asks for reduced motion.')).toBeTruthy();
  });
});
