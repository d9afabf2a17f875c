// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepTimeZoneCookie } from './server-clock';

describe('the tz cookie', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.cookie = 'tz=; path=/; max-age=0';
  });

  it('is set to the browser’s zone once the browser is idle, not before', () => {
    vi.useFakeTimers();
    keepTimeZoneCookie();
    expect(document.cookie).not.toMatch(/(^|; )tz=/);
    vi.runAllTimers();
    expect(document.cookie).toContain(`tz=${Intl.DateTimeFormat().resolvedOptions().timeZone}`);
  });
});
