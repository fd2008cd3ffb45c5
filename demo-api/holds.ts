/**
 * The calls a hold fault keeps waiting until a test lets them go (docs/demo-api.md#holding-calls):
 * a test waits until they have arrived, checks what the panel shows meanwhile, then releases
 * them; no clock decides the order.
 */

/** One held call, as the /api pipeline sees it. */
export interface HeldCall {
  /** True once the call is released; false when it is dropped (its fault removed, a reset, the server stopping). */
  readonly released: Promise<boolean>;
  /** Tells the hold that the call has been answered (and recorded in the request log). */
  answered(): void;
  /** Tells the hold that the caller closed the connection before its answer (it gave up on the call). */
  gone(): void;
}

interface Waiting {
  letGo(released: boolean): void;
  answered: Promise<void>;
}

/** The calls one hold fault keeps, and who waits for them to arrive. */
export class Hold {
  /** How many calls have arrived at this hold in all. */
  arrived = 0;
  /** How many of them their caller gave up on (closed the connection) before their answer. */
  gone = 0;
  private ended = false;
  private readonly waiting = new Set<Waiting>();
  private readonly arrivalWaiters = new Set<{ count: number; settle(arrived: boolean): void }>();
  private readonly goneWaiters = new Set<{ count: number; settle(gone: boolean): void }>();

  /** How many calls it is holding now. */
  get held(): number {
    return this.waiting.size;
  }

  /** Holds one more call; a hold that has ended drops it at once. */
  add(): HeldCall {
    let letGo!: (released: boolean) => void;
    let markAnswered!: () => void;
    const released = new Promise<boolean>((resolve) => (letGo = resolve));
    const entry: Waiting = { letGo, answered: new Promise<void>((resolve) => (markAnswered = resolve)) };
    if (this.ended) letGo(false);
    else {
      this.waiting.add(entry);
      this.arrived++;
      for (const waiter of this.arrivalWaiters) {
        if (this.arrived >= waiter.count) {
          this.arrivalWaiters.delete(waiter);
          waiter.settle(true);
        }
      }
    }
    let counted = false;
    const gone = () => {
      if (counted) return;
      counted = true;
      this.gone++;
      for (const waiter of this.goneWaiters) {
        if (this.gone >= waiter.count) {
          this.goneWaiters.delete(waiter);
          waiter.settle(true);
        }
      }
    };
    return { released, answered: markAnswered, gone };
  }

  /** True once the callers of `count` held calls have given up on them; false when the hold ends before. */
  whenGone(count: number): Promise<boolean> {
    if (this.gone >= count) return Promise.resolve(true);
    if (this.ended) return Promise.resolve(false);
    return new Promise((settle) => this.goneWaiters.add({ count, settle }));
  }

  /** True once `count` calls have arrived; false when the hold ends before they have. */
  whenArrived(count: number): Promise<boolean> {
    if (this.arrived >= count) return Promise.resolve(true);
    if (this.ended) return Promise.resolve(false);
    return new Promise((settle) => this.arrivalWaiters.add({ count, settle }));
  }

  /**
   * Ends the hold: lets every held call go on (`released`) or drops them. Resolves with how many
   * there were, once each has been answered.
   */
  async end(released: boolean): Promise<number> {
    this.ended = true;
    for (const waiter of [...this.arrivalWaiters, ...this.goneWaiters]) waiter.settle(false);
    this.arrivalWaiters.clear();
    this.goneWaiters.clear();
    const calls = [...this.waiting];
    this.waiting.clear();
    for (const call of calls) call.letGo(released);
    await Promise.all(calls.map((call) => call.answered));
    return calls.length;
  }
}
