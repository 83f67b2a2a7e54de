import { describe, expect, it, vi } from 'vitest';
import { asAimerTarget, handheldScannerConfig, keyboardWedgeAdapter } from '@/features/scanning/model/handheld';
import { handheldModel, isEnterpriseBrowser } from '@/features/scanning/model/handheld-device';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 12; {model} Build/01.00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

describe('handheld terminals', () => {
  it('are recognised by the DX or BT model in the user agent', () => {
    expect(handheldModel(ANDROID.replace('{model}', 'DX-A600'))).toBe('DX-A600');
    expect(handheldModel(ANDROID.replace('{model}', 'BT-W350'))).toBe('BT-W350');
    expect(handheldModel(ANDROID.replace('{model}', 'Pixel 8'))).toBeNull();
    expect(
      handheldModel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBeNull();
    expect(isEnterpriseBrowser(`${ANDROID} EnterpriseBrowser/3.2`)).toBe(true);
  });

  it('get the handheld scanner configuration, continuous trigger only in bulk mode on the enterprise browser', () => {
    expect(handheldScannerConfig({ bulk: false, enterpriseBrowser: true, aimerTarget: 'center' })).toEqual({
      redundancyTimeoutMs: 2000,
      successCodeCounter: { count: 2, enabled: false },
      scannerTimeout: 25,
      scannerRedundancyTimeout: 3,
      triggerMode: 'normal',
      decodeArea: 'normal',
      aimerTarget: 'center',
      groupSeparator: 'gs',
    });
    expect(
      handheldScannerConfig({ bulk: true, enterpriseBrowser: true, aimerTarget: 'firstDetected' }).triggerMode,
    ).toBe('continuous');
    expect(
      handheldScannerConfig({ bulk: true, enterpriseBrowser: false, aimerTarget: 'firstDetected' }).triggerMode,
    ).toBe('normal');
  });

  it('reset an unknown stored aimer target to center', () => {
    expect(asAimerTarget('horizontalLine')).toBe('horizontalLine');
    expect(asAimerTarget('diagonal')).toBe('center');
    expect(asAimerTarget(null)).toBe('center');
  });
});

describe('the keyboard-wedge scanner adapter', () => {
  /** Types `code` as a scanner does (5 ms per key, then Enter) at `start` ms, on `target`. */
  function burst(target: EventTarget, code: string, start: number) {
    [...code, 'Enter'].forEach((key, i) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      Object.defineProperty(event, 'timeStamp', { value: start + i * 5 });
      target.dispatchEvent(event);
    });
  }

  it('hands over each scan once within the redundancy timeout, and never what is typed in a field', () => {
    const adapter = keyboardWedgeAdapter();
    adapter.configure(handheldScannerConfig({ bulk: false, enterpriseBrowser: false, aimerTarget: 'center' }));
    const onScan = vi.fn();
    const stop = adapter.start(onScan);
    burst(document.body, 'PAL-0001', 1000);
    burst(document.body, 'PAL-0001', 2000);
    burst(document.body, 'PAL-0002', 2500);
    burst(document.body, 'PAL-0001', 4000);
    const input = document.body.appendChild(document.createElement('input'));
    burst(input, 'TYPED-123', 9000);
    expect(onScan.mock.calls).toEqual([['PAL-0001'], ['PAL-0002'], ['PAL-0001']]);
    stop();
    burst(document.body, 'PAL-0003', 12000);
    expect(onScan).toHaveBeenCalledTimes(3);
  });

  it("passes GS1's group separator on: Ctrl+] (GS) or the stand-in chosen for the scanner", () => {
    const at = (key: string, i: number, ctrlKey = false) => {
      const event = new KeyboardEvent('keydown', { key, ctrlKey, bubbles: true, cancelable: true });
      Object.defineProperty(event, 'timeStamp', { value: 20000 + i * 5 });
      document.body.dispatchEvent(event);
    };
    for (const [separator, typed] of [
      ['gs', null],
      ['~', '~'],
    ] as const) {
      const adapter = keyboardWedgeAdapter();
      adapter.configure(
        handheldScannerConfig({
          bulk: false,
          enterpriseBrowser: false,
          aimerTarget: 'center',
          groupSeparator: separator,
        }),
      );
      const onScan = vi.fn();
      const stop = adapter.start(onScan);
      [...'10AB'].forEach((c, i) => at(c, i));
      if (typed) at(typed, 4);
      else at(']', 4, true);
      [...'21X9'].forEach((c, i) => at(c, 5 + i));
      at('Enter', 9);
      stop();
      expect(onScan.mock.calls).toEqual([['10AB\u001d21X9']]);
    }
  });
});
