export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until the condition holds, or throws after the time-out. */
export async function waitFor(cond: () => boolean | Promise<boolean>, timeoutMs = 15_000, everyMs = 20): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('waitFor: timed out');
    await sleep(everyMs);
  }
}

/** Collects what a platform component would log, so tests can assert that nothing unexpected was. */
export function collectingLogger(expectedMessages: readonly string[] = []) {
  const entries: { obj: unknown; msg: string | undefined }[] = [];
  const logger = { error: (obj: unknown, msg?: string) => void entries.push({ obj, msg }) };
  const unexpected = () => entries.filter((e) => !expectedMessages.includes(e.msg ?? ''));
  return { logger, entries, unexpected };
}
