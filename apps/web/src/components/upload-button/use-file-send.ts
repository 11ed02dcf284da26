import { formatBytes } from '@strata/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/i18n';

/** What a failed send says: the server's field messages, else its message, else `fallback` (no answer at all). */
export function sendFailureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.fieldErrors) return Object.values(error.fieldErrors).map(translateMessage).join(' ');
    return translateMessage(typeof error.body === 'string' && error.body.trim() !== '' ? error.body : error.message);
  }
  return fallback;
}

/** What a send gets: the progress to report (0–100) and the signal that closing the dialog aborts. */
export interface SendIo {
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

/**
 * The state of a dialog that sends one chosen file with progress (the readings upload, a map drawing): the file, the
 * progress while sending, and a problem to show (`P`: a message, or more). Closing the dialog (`open` false) aborts a
 * send under way and starts afresh; so does unmounting. `pick` refuses a file over `maxBytes` (or whatever `check`
 * finds wrong with it), `send` runs the request and turns a failure into a problem — an aborted send shows nothing.
 */
export function useFileSend<P>({ open, maxBytes, problemOf }: { open: boolean; maxBytes: number; problemOf: (message: string) => P }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<P | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!open) {
      abort.current?.abort();
      setFile(null);
      setPercent(null);
      setProblem(null);
    }
  }, [open]);
  useEffect(() => () => abort.current?.abort(), []);

  const pick = (chosen: File | undefined, check?: (file: File) => string | null) => {
    setProblem(null);
    if (!chosen) return;
    const wrong = check?.(chosen) ?? (chosen.size > maxBytes ? t('upload.tooLarge', { filename: chosen.name, max: formatBytes(maxBytes) }) : null);
    if (wrong) {
      setFile(null);
      setProblem(problemOf(wrong));
      return;
    }
    setFile(chosen);
  };

  const send = async (work: (file: File, io: SendIo) => Promise<void>, failure: (error: unknown) => P) => {
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setProblem(null);
    setPercent(0);
    try {
      await work(file, { onProgress: setPercent, signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) return;
      setProblem(failure(error));
    } finally {
      if (!controller.signal.aborted) setPercent(null);
    }
  };

  return { file, percent, sending: percent !== null, problem, setProblem, pick, send };
}
