import { afterEach, describe, expect, it } from 'vitest';
import { noteOfflineCopy, offlineCopySince } from '@/shared/api/offline-copy';
import { OFFLINE_COPY_HEADER } from '@/shared/pwa/cached-api';

const copy = (date: string) => new Headers({ [OFFLINE_COPY_HEADER]: date });

afterEach(() => offlineCopySince.set(null));

describe('how old what the screens show offline may be', () => {
  it('is the oldest of the copies the worker gave, whatever their order', () => {
    noteOfflineCopy(copy('Fri, 27 Nov 2026 14:02:00 GMT'));
    expect(offlineCopySince.get()).toBe(Date.parse('2026-11-27T14:02:00Z'));
    noteOfflineCopy(copy('Fri, 27 Nov 2026 09:15:00 GMT'));
    noteOfflineCopy(copy('Fri, 27 Nov 2026 16:40:00 GMT'));
    expect(offlineCopySince.get()).toBe(Date.parse('2026-11-27T09:15:00Z'));
  });

  it('is not set by live answers, answers without headers, or a date that does not parse', () => {
    noteOfflineCopy(new Headers({ date: 'Fri, 27 Nov 2026 14:02:00 GMT' }));
    noteOfflineCopy(undefined);
    noteOfflineCopy(copy('yesterday-ish'));
    expect(offlineCopySince.get()).toBeNull();
  });

  it('starts over when the network is back', () => {
    noteOfflineCopy(copy('Fri, 27 Nov 2026 14:02:00 GMT'));
    window.dispatchEvent(new Event('online'));
    expect(offlineCopySince.get()).toBeNull();
  });
});
