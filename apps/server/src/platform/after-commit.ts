/**
 * Work that must wait until a transaction has committed: delivering a mail written to the outbox, publishing on the
 * bus. Collect it while the transaction runs, run it once `await db.orm.transaction(...)` has resolved; if the
 * transaction throws, nothing runs.
 *
 *   const after = new AfterCommit();
 *   await db.orm.transaction(async (tx) => { …; await mailer.enqueue(tx, message, after); });
 *   await after.run();
 */
export class AfterCommit {
  private readonly tasks: (() => Promise<void> | void)[] = [];

  add(task: () => Promise<void> | void): void {
    this.tasks.push(task);
  }

  /** Runs the tasks in order; one failing does not stop the others (each is expected to log its own errors). */
  async run(): Promise<void> {
    for (const task of this.tasks.splice(0)) {
      try {
        await task();
      } catch {
        /* the task logged it; the change it follows is committed either way */
      }
    }
  }
}
