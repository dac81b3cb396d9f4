// A first-come first-served asynchronous mutex.
export class Lock {
  private tail: Promise<void> = Promise.resolve();

  async run<T>(fn: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => turn);
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
