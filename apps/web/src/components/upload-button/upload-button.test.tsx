import { act, screen, waitFor } from '@testing-library/react';
import { CSRF_HEADER } from '@strata/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCsrfToken, setCsrfToken } from '../../lib/auth-store';
import { appEvents, type HttpErrorEvent } from '../../lib/events';
import { storeTestCredential } from '../../test/fixtures';
import { renderWidget } from '../../test/render-widget';
import { UploadButton } from './upload-button';
import { maxUploadBytes } from './upload-limits';

/** A stand-in for XMLHttpRequest that records what is sent and lets the test answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = { 'content-type': 'application/json', ...headers };
    act(() => this.onload?.());
  }
}

/** A file that says it has `size` bytes (without allocating them). */
function file(name: string, size: number): File {
  const result = new File(['x'], name, { type: 'text/csv' });
  Object.defineProperty(result, 'size', { value: size });
  return result;
}

function choose(files: File[]) {
  const input = screen.getByTestId('upload-input') as HTMLInputElement;
  return { input, files };
}

describe('UploadButton', { timeout: 20_000 }, () => {
  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refuses a file over the maximum with the spec message and still sends the others as "files" parts', async () => {
    storeTestCredential('token-xyz');
    setCsrfToken('csrf-1');
    const onUploaded = vi.fn();
    const { user } = renderWidget(
      <UploadButton
        url="/uploads/instrument"
        uploadType="instrument"
        fields={{ tag: 'weekly', category: 'readings', reference_id: 42, empty: '' }}
        onUploaded={onUploaded}
      />,
    );
    const { input } = choose([]);
    expect(input.multiple).toBe(true);
    await user.upload(input, [file('readings-a.csv', 2_000), file('huge.csv', 10_000_001), file('readings-b.csv', 10_000_000)]);

    expect(screen.getByText('huge.csv size is greater than allowed size (10 MB)')).not.toBeNull();
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${window.location.origin}/api/v1/uploads/instrument`);
    expect(xhr.headers.authorization).toBe('Bearer token-xyz');
    expect(xhr.headers[CSRF_HEADER]).toBe('csrf-1');
    expect(xhr.headers['content-type']).toBeUndefined();
    const sent = xhr.body!.getAll('files') as File[];
    expect(sent.map((f) => f.name)).toEqual(['readings-a.csv', 'readings-b.csv']);
    expect(xhr.body!.get('tag')).toBe('weekly');
    expect(xhr.body!.get('category')).toBe('readings');
    expect(xhr.body!.get('reference_id')).toBe('42');
    expect(xhr.body!.has('empty')).toBe(false);

    xhr.progress(0, 4000);
    expect(screen.getByText('0%')).not.toBeNull();
    xhr.progress(1500, 4000);
    expect(screen.getByText('38%')).not.toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('38');
    expect(screen.getByRole('button', { name: /Upload files/ })).toBeDisabled();

    xhr.respond(200, { id: 7 }, { [CSRF_HEADER]: 'csrf-2' });
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ id: 7 }, sent), { timeout: 5000 });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Upload complete: 2 file(s) sent')).not.toBeNull();
    expect(getCsrfToken()).toBe('csrf-2');
    // The refusal stays on screen after the others were sent.
    expect(screen.getByText('huge.csv size is greater than allowed size (10 MB)')).not.toBeNull();
  });

  it('is a real button (not a label drawn as one) that opens the file picker', async () => {
    const { user } = renderWidget(<UploadButton url="/uploads/document" />);
    const button = screen.getByRole('button', { name: 'Upload files' });
    expect(button.tagName).toBe('BUTTON');
    const opened = vi.spyOn(screen.getByTestId('upload-input') as HTMLInputElement, 'click');
    await user.click(button);
    expect(opened).toHaveBeenCalledOnce();
  });

  it('sends nothing when every file is refused', async () => {
    const { user } = renderWidget(<UploadButton url="/uploads/document" />);
    await user.upload(screen.getByTestId('upload-input'), [file('scan.pdf', 10_000_001)]);
    expect(screen.getByText('scan.pdf size is greater than allowed size (10 MB)')).not.toBeNull();
    expect(FakeXhr.last).toBeNull();
  });

  it('uses the setting of its upload type, falling back to general_max_upload', async () => {
    const settings = { general_max_upload: 5_000, borehole_max_upload: 1_500, user_import_max_upload: 2_500 };
    expect(maxUploadBytes('borehole', settings)).toBe(1_500);
    expect(maxUploadBytes('user-import', settings)).toBe(2_500);
    expect(maxUploadBytes('tunnel', settings)).toBe(5_000);
    expect(maxUploadBytes('tunnel', {})).toBe(10_000_000);
    expect(maxUploadBytes(undefined, null)).toBe(10_000_000);
    expect(maxUploadBytes('map', { map_max_upload: '3000', general_max_upload: 9_000 })).toBe(3_000);
    expect(maxUploadBytes('map', { map_max_upload: 0, general_max_upload: 9_000 })).toBe(9_000);

    const { user } = renderWidget(<UploadButton url="/uploads/borehole" uploadType="borehole" settings={settings} />);
    await user.upload(screen.getByTestId('upload-input'), [file('bh-1.ags', 1_500), file('bh-2.ags', 1_501)]);
    expect(screen.getByText('bh-2.ags size is greater than allowed size (1.5 kB)')).not.toBeNull();
    expect((FakeXhr.last!.body!.getAll('files') as File[]).map((f) => f.name)).toEqual(['bh-1.ags']);
  });

  it('shows a failed upload as an error alert of its own (no second, screen-wide alert)', async () => {
    const events: HttpErrorEvent[] = [];
    const stop = appEvents.on('http-error', (event) => events.push(event));
    const onError = vi.fn();
    const { user } = renderWidget(<UploadButton url="/uploads/map" onError={onError} multiple={false} />);
    expect((screen.getByTestId('upload-input') as HTMLInputElement).multiple).toBe(false);
    await user.upload(screen.getByTestId('upload-input'), file('layer.kml', 100));
    FakeXhr.last!.respond(415, 'Unsupported file type');
    expect(await screen.findByText('Unsupported file type', {}, { timeout: 5000 })).not.toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(events).toEqual([]);
    stop();
  });

  it('lists accepted and refused files without sending in preview mode', async () => {
    const { user } = renderWidget(<UploadButton preview settings={{ general_max_upload: 1_000 }} />);
    await user.upload(screen.getByTestId('upload-input'), [file('small.csv', 999), file('big.csv', 1_001)]);
    expect(screen.getByText('Preview (not sent)')).not.toBeNull();
    expect(screen.getByRole('list', { name: 'Accepted files' }).textContent).toContain('small.csv');
    expect(screen.getByText('big.csv size is greater than allowed size (1 kB)')).not.toBeNull();
    expect(FakeXhr.last).toBeNull();
  });
});
