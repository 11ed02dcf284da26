/** A tiny typed event emitter for app-wide signals that have no natural owner component. */
export class Emitter<Events extends Record<string, unknown>> {
  private readonly handlers = new Map<keyof Events, Set<(payload: never) => void>>();

  on<K extends keyof Events>(event: K, handler: (payload: Events[K]) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(handler as (payload: never) => void);
    return () => {
      set.delete(handler as (payload: never) => void);
    };
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) (handler as (p: Events[K]) => void)(payload);
  }
}

/** An error response the active screen should show as an error alert (spec §8). */
export interface HttpErrorEvent {
  status: number;
  /** The body when it is a string (or the rate-limit message), otherwise a generic text. */
  message: string;
  body: unknown;
  method: string;
  /** The path below the API base, e.g. `/contracts`. */
  path: string;
  /** The full URL that answered. */
  url: string;
}

export interface AppEvents extends Record<string, unknown> {
  'http-error': HttpErrorEvent;
  /** The credential was wiped (logout, a 401, another tab): cached answers must go too. */
  'session-cleared': undefined;
}

export const appEvents = new Emitter<AppEvents>();
