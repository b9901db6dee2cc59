/**
 * The server's watch side: a bounded log of store events (so a watch can start from a
 * resourceVersion it listed at) and the open watches each new event goes to.
 */
import type { StoreEvent } from './watch-events.js';

export interface Watcher {
  /** Storage-key prefix of the resource (and namespace) watched. */
  readonly prefix: string;
  deliver(event: StoreEvent): void;
  /** Ends the watch; resolves when its stream is closed. */
  end(): Promise<void>;
}

export class WatchHub {
  private readonly log: StoreEvent[] = [];
  private readonly watchers = new Set<Watcher>();
  /** Events at or below this resourceVersion are no longer in the log. */
  private oldest: number;

  constructor(
    startResourceVersion: number,
    private readonly capacity = 10_000,
  ) {
    this.oldest = startResourceVersion;
  }

  publish(events: readonly StoreEvent[]): void {
    for (const e of events) {
      this.log.push(e);
      for (const w of this.watchers) if (e.key.startsWith(w.prefix)) w.deliver(e);
    }
    if (this.log.length > this.capacity) {
      const dropped = this.log.splice(0, this.log.length - this.capacity);
      this.oldest = dropped[dropped.length - 1].resourceVersion;
    }
  }

  /** Events after `rv` under `prefix`, or undefined when the log no longer reaches back that far. */
  since(rv: number, prefix: string): StoreEvent[] | undefined {
    if (rv < this.oldest) return undefined;
    return this.log.filter((e) => e.resourceVersion > rv && e.key.startsWith(prefix));
  }

  get oldestResourceVersion(): number {
    return this.oldest;
  }

  add(w: Watcher): () => void {
    this.watchers.add(w);
    return () => this.watchers.delete(w);
  }

  /** Ends every open watch. */
  endAll(): Promise<void> {
    return Promise.all([...this.watchers].map((w) => w.end())).then(() => undefined);
  }

  get size(): number {
    return this.watchers.size;
  }
}
