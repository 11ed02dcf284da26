import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeTestCredential } from '../../test/fixtures';
import { renderWidget } from '../../test/render-widget';
import { api, server } from '../../test/server';
import { BACKGROUND_CLEAR_MS, useReportJob } from './report-job';

function Probe() {
  const job = useReportJob({ resume: false });
  return (
    <>
      <button
        type="button"
        onClick={() => void job.generate('geosum', { contract_ids: [11], period: { option: 'this-month' }, output: 'pdf', background: true })}
      >
        Generate
      </button>
      <output aria-label="busy">{job.busy ? 'busy' : 'idle'}</output>
    </>
  );
}

describe('useReportJob in background (spec §4)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('toasts the answer and clears the busy indicator 1 s later, without checking the report', async () => {
    storeTestCredential();
    const checks: string[] = [];
    server.use(
      http.post(api('/reports/geosum'), () => HttpResponse.json({ report_id: 5, status: 1, token: 't', message: 'Generate report run in background' })),
      http.get(api('/reports/:id/check'), ({ params }) => {
        checks.push(String(params.id));
        return HttpResponse.json({});
      }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWidget(<Probe />, { fakeTimers: true });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    // The answer arrives through promises and zero-delay timers only: run those, the clock stays where it is.
    for (let i = 0; i < 100 && !screen.queryByText('Generate report run in background'); i += 1) {
      await act(() => vi.advanceTimersByTimeAsync(0));
    }
    expect(screen.getByText('Generate report run in background')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'busy' })).toHaveTextContent('busy');

    act(() => {
      vi.advanceTimersByTime(BACKGROUND_CLEAR_MS - 1);
    });
    expect(screen.getByRole('status', { name: 'busy' })).toHaveTextContent('busy');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('status', { name: 'busy' })).toHaveTextContent('idle');
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(checks).toEqual([]);
  });
});
