// @vitest-environment happy-dom
import '../test/dom-setup';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testActivity as activity } from '../test/activity-fixture';
import { createQueryClient, createTrpcClient, trpc } from './trpc';
import { ACTIVITY_CAP } from '../../shared/display';
import { prependActivity, useActivityFeed } from './use-activity-feed';


describe('prependActivity', () => {
  it('puts the new activity first', () => {
    expect(prependActivity([activity(2), activity(1)], activity(3)).map((a) => a.id)).toEqual([3, 2, 1]);
  });

  it('keeps only the newest 20', () => {
    const full = Array.from({ length: ACTIVITY_CAP }, (_, index) => activity(ACTIVITY_CAP - index));
    const next = prependActivity(full, activity(21));
    expect(next).toHaveLength(20);
    expect(next[0]?.id).toBe(21);
    expect(next.at(-1)?.id).toBe(2);
  });

  it('does not list an activity twice', () => {
    expect(prependActivity([activity(2), activity(1)], activity(2)).map((a) => a.id)).toEqual([2, 1]);
  });
});

describe('useActivityFeed', () => {
  it("logs 'WebSocket is not connected' when asked to send without an open connection", () => {
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <trpc.Provider client={createTrpcClient()} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { result } = renderHook(() => useActivityFeed(null), { wrapper });
    expect(result.current.status).toBe('closed');
    expect(result.current.send({ type: 'join', channel: 'classroom-3b' })).toBe(false);
    expect(warn).toHaveBeenCalledWith('WebSocket is not connected');
    warn.mockRestore();
  });
});
