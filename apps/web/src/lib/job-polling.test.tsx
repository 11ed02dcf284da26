import { STORAGE_KEYS } from '@strata/shared';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTestCredential } from '../test/fixtures';
import { server } from '../test/server';
import { ApiError } from './api-client';
import { checkExport, startExport } from './export-job';
import { JOB_POLL_INTERVAL_MS, useJobPolling, type JobCheck } from './job-polling';

const KEY = STORAGE_KEYS.exportJobId;

/** A check that answers the given results in turn (an Error is thrown); the last one repeats. */
function scripted(...results: (JobCheck | Error)[]) {
  const calls: string[] = [];
  const check = vi.fn(async (jobId: string) => {
    calls.push(jobId);
    const next = results.length > 1 ? results.shift()! : results[0]!;
    if (next instanceof Error) throw next;
    return next;
  });
  return { check, calls };
}

/** Lets the pending promise callbacks run (fake timers do not touch microtasks). */
async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });
}

async function tick(ms = JOB_POLL_INTERVAL_MS) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
  await flush();
}

describe('useJobPolling (spec §4 report generation and export jobs)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the id in storage, polls until done, removes the id and downloads the file', async () => {
    const { check, calls } = scripted({ status: 1 }, { status: 1 }, { status: 2, url: '/api/v1/exports/7/download', file_name: 'a.xlsx' });
    const download = vi.fn(async () => 'a.xlsx');
    const { result } = renderHook(() => useJobPolling({ storageKey: KEY, check, download }));

    await act(() => result.current.start(async () => 7));
    expect(localStorage.getItem(KEY)).toBe('7');
    expect(result.current.state).toEqual({ phase: 'polling', jobId: '7' });
    expect(result.current.busy).toBe(true);
    expect(check).not.toHaveBeenCalled();

    await tick();
    await tick();
    expect(calls).toEqual(['7', '7']);
    expect(localStorage.getItem(KEY)).toBe('7');
    expect(download).not.toHaveBeenCalled();

    await tick();
    expect(calls).toEqual(['7', '7', '7']);
    expect(download).toHaveBeenCalledWith('/api/v1/exports/7/download', expect.objectContaining({ status: 2 }));
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(result.current.state).toEqual({ phase: 'done', jobId: '7', fileName: 'a.xlsx', downloaded: true });
    expect(result.current.busy).toBe(false);

    await tick(JOB_POLL_INTERVAL_MS * 3);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('asks again on 455 and 504, and stops with the answer on other errors', async () => {
    const { check } = scripted(
      new ApiError(504, undefined, 'x'),
      new ApiError(455, undefined, 'x'),
      new ApiError(400, 'Export not allowed', 'Export not allowed'),
    );
    const { result } = renderHook(() => useJobPolling({ storageKey: KEY, check, download: vi.fn() }));
    await act(() => result.current.start(async () => 8));
    await tick();
    await tick();
    expect(result.current.state.phase).toBe('polling');
    expect(localStorage.getItem(KEY)).toBe('8');
    await tick();
    expect(check).toHaveBeenCalledTimes(3);
    expect(result.current.state).toEqual({ phase: 'failed', jobId: '8', message: 'Export not allowed' });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('gives the spec messages for status 3 and 4, and "unknown error" for an error without data', async () => {
    for (const [answer, message] of [
      [{ status: 3 }, 'Failed to generate report, please contact your system administrator'],
      [{ status: 4 }, 'Unable to download report. Report size exceeded the limit'],
      [new ApiError(500, undefined, 'x'), 'unknown error'],
    ] as const) {
      localStorage.clear();
      const { check } = scripted(answer as JobCheck | Error);
      const download = vi.fn();
      const { result, unmount } = renderHook(() => useJobPolling({ storageKey: KEY, check, download }));
      await act(() => result.current.start(async () => 9));
      await tick();
      expect(result.current.state).toEqual({ phase: 'failed', jobId: '9', message });
      expect(localStorage.getItem(KEY)).toBeNull();
      expect(download).not.toHaveBeenCalled();
      unmount();
    }
  });

  it('keeps the progress a check gives (reports: section n of m)', async () => {
    const { check } = scripted({ status: 1, progress: { done: 1, total: 4, label: 'Cover' } }, { status: 1, progress: { done: 3, total: 4, label: 'Charts' } });
    const { result } = renderHook(() => useJobPolling({ storageKey: KEY, check, download: vi.fn() }));
    await act(() => result.current.start(async () => 12));
    await tick();
    expect(result.current.state).toEqual({ phase: 'polling', jobId: '12', progress: { done: 1, total: 4, label: 'Cover' } });
    await tick();
    expect(result.current.state).toEqual({ phase: 'polling', jobId: '12', progress: { done: 3, total: 4, label: 'Charts' } });
    expect(result.current.busy).toBe(true);
  });

  it('follows a job started elsewhere: checked at once, nothing stored', async () => {
    const { check, calls } = scripted({ status: 2, url: '/api/v1/reports/13/get?token=t', file_name: 'r.pdf' });
    const download = vi.fn(async () => 'r.pdf');
    const { result } = renderHook(() => useJobPolling({ storageKey: KEY, check, download, resume: false }));
    act(() => result.current.follow(13));
    expect(localStorage.getItem(KEY)).toBeNull();
    await tick(0);
    expect(calls).toEqual(['13']);
    expect(result.current.state).toEqual({ phase: 'done', jobId: '13', fileName: 'r.pdf', downloaded: true });
  });

  it('finishes without a download when the answer has no address (no download permission)', async () => {
    const { check } = scripted({ status: 2, file_name: 'users.pdf', message: 'You do not have permission to download this file' });
    const download = vi.fn();
    const { result } = renderHook(() => useJobPolling({ storageKey: KEY, check, download }));
    await act(() => result.current.start(async () => 10));
    await tick();
    expect(download).not.toHaveBeenCalled();
    expect(result.current.state).toEqual({
      phase: 'done',
      jobId: '10',
      fileName: 'users.pdf',
      downloaded: false,
      message: 'You do not have permission to download this file',
    });
  });

  it('picks up a job left in storage when mounted, and leaves it there when unmounted mid-way', async () => {
    localStorage.setItem(KEY, '11');
    const { check, calls } = scripted({ status: 1 });
    const { result, unmount } = renderHook(() => useJobPolling({ storageKey: KEY, check, download: vi.fn() }));
    expect(result.current.state).toEqual({ phase: 'polling', jobId: '11' });
    await tick(0);
    expect(calls).toEqual(['11']);
    unmount();
    await tick(JOB_POLL_INTERVAL_MS * 2);
    expect(calls).toEqual(['11']);
    expect(localStorage.getItem(KEY)).toBe('11');
  });

  it('reports a failed start without storing anything', async () => {
    const { check } = scripted({ status: 1 });
    const { result } = renderHook(() => useJobPolling({ storageKey: KEY, check, download: vi.fn() }));
    await act(() => result.current.start(() => Promise.reject(new ApiError(403, 'You do not have permission to perform this action', 'x'))));
    expect(result.current.state).toEqual({ phase: 'failed', message: 'You do not have permission to perform this action' });
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(check).not.toHaveBeenCalled();
  });
});

describe('startExport and checkExport', () => {
  it('post the format and filters and read the job id; check validates the answer', async () => {
    storeTestCredential();
    let body: unknown;
    server.use(
      http.post('*/api/v1/exports/audit-logs', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ job_id: 42 });
      }),
      http.get('*/api/v1/exports/42/check', () => HttpResponse.json({ status: 2, url: '/api/v1/exports/42/download', file_name: 'x.csv' })),
      http.get('*/api/v1/exports/43/check', () => HttpResponse.json({ status: 'done' })),
    );
    expect(await startExport('audit-logs', { format: 'csv', action: 'user.' })).toBe(42);
    expect(body).toEqual({ format: 'csv', action: 'user.' });
    expect(await checkExport('42')).toEqual({ status: 2, url: '/api/v1/exports/42/download', file_name: 'x.csv' });
    await expect(checkExport('43')).rejects.toMatchObject({ name: 'ZodError' });
  });
});
