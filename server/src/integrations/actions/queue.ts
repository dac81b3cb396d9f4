// The queue of action calls per source: a call starts when the earlier calls for that source have
// ended (whether they succeeded or not), so an app never gets two action requests of one source at
// once (APP-075). Calls for different sources do not wait for each other.
export class SourceQueues {
  /** The tail of each source's queue; removed when it is the last job and has ended. */
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `job` after the earlier jobs of `sourceId`; answers its result. */
  run<T>(sourceId: string, job: () => Promise<T>): Promise<T> {
    const tail = this.tails.get(sourceId) ?? Promise.resolve();
    const result = tail.then(job);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(sourceId, settled);
    void settled.then(() => {
      if (this.tails.get(sourceId) === settled) this.tails.delete(sourceId);
    });
    return result;
  }

  /** Sources with a call running or waiting (tests). */
  busy(): string[] {
    return [...this.tails.keys()];
  }
}
