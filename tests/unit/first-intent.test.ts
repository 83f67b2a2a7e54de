import { describe, expect, it, vi } from 'vitest';
import { onFirstIntent } from '@/shared/ui/first-intent';

describe('onFirstIntent', () => {
  it('waits for the first tap or key, runs once, before the control sees the event', () => {
    const act = vi.fn();
    const button = document.createElement('button');
    document.body.append(button);
    const order: string[] = [];
    button.addEventListener('pointerdown', () => order.push('control'));
    onFirstIntent(() => {
      order.push('act');
      act();
    });
    expect(act).not.toHaveBeenCalled();
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '1', bubbles: true }));
    expect(act).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['act', 'control']);
    button.remove();
  });

  it('starts on a key press as well, and not at all once stopped', () => {
    const onKey = vi.fn();
    onFirstIntent(onKey);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '1', bubbles: true }));
    expect(onKey).toHaveBeenCalledTimes(1);
    const stopped = vi.fn();
    onFirstIntent(stopped)();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '1', bubbles: true }));
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(stopped).not.toHaveBeenCalled();
  });
});
