import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { sendFailureText, useFileSend, type SendIo } from './use-file-send';

const asIs = (message: string) => message;
const fileOf = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);

function setup(maxBytes = 100) {
  return renderHook(({ open }) => useFileSend({ open, maxBytes, problemOf: asIs }), { initialProps: { open: true } });
}

describe('sending one file from a dialog', () => {
  it('refuses a file over the limit, or one the dialog finds wrong, and takes a good one', () => {
    const { result } = setup();
    act(() => result.current.pick(fileOf('big.csv', 101)));
    expect(result.current.file).toBeNull();
    expect(result.current.problem).toBe('big.csv size is greater than allowed size (100 B)');
    act(() => result.current.pick(fileOf('plan.dwg', 10), (f) => (f.name.endsWith('.dwg') ? 'not a drawing' : null)));
    expect(result.current.problem).toBe('not a drawing');
    act(() => result.current.pick(fileOf('ok.csv', 100)));
    expect(result.current.file?.name).toBe('ok.csv');
    expect(result.current.problem).toBeNull();
  });

  it('shows progress while sending, and the failure afterwards', async () => {
    const { result } = setup();
    act(() => result.current.pick(fileOf('a.csv', 10)));
    let finish!: (error?: unknown) => void;
    let io!: SendIo;
    let sent!: Promise<void>;
    act(() => {
      sent = result.current.send(
        (_file, given) =>
          new Promise<void>((resolve, reject) => {
            io = given;
            finish = (error) => (error ? reject(error) : resolve());
          }),
        (error) => sendFailureText(error, 'Upload failed'),
      );
    });
    expect(result.current.sending).toBe(true);
    act(() => io.onProgress(40));
    expect(result.current.percent).toBe(40);
    await act(async () => {
      finish(new ApiError(400, { file: 'The file has no header' }, 'Bad Request'));
      await sent;
    });
    expect(result.current.sending).toBe(false);
    expect(result.current.problem).toBe('The file has no header');
  });

  it('aborts a send under way when the dialog closes, shows nothing of it, and starts afresh', async () => {
    const { result, rerender } = setup();
    act(() => result.current.pick(fileOf('a.csv', 10)));
    let signal!: AbortSignal;
    let sent!: Promise<void>;
    act(() => {
      sent = result.current.send(
        (_file, io) =>
          new Promise<void>((_resolve, reject) => {
            signal = io.signal;
            io.signal.addEventListener('abort', () => reject(new Error('aborted')));
          }),
        () => 'should not show',
      );
    });
    act(() => rerender({ open: false }));
    await act(() => sent);
    expect(signal.aborted).toBe(true);
    expect(result.current.problem).toBeNull();
    expect(result.current.file).toBeNull();
    expect(result.current.sending).toBe(false);
  });

  it('says what the server said, or the fallback when no answer came', () => {
    expect(sendFailureText(new ApiError(409, 'This file was uploaded before', 'Conflict'), 'x')).toBe('This file was uploaded before');
    expect(sendFailureText(new TypeError('Failed to fetch'), 'Upload failed')).toBe('Upload failed');
  });
});
