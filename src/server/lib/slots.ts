/**
 * At most `size` tasks at once, the rest wait in order: for work whose memory or CPU the box can afford only a few
 * times over (decoding large images, hashing passwords).
 */
export class Slots {
  private running = 0;
  private peak = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((go) => this.waiting.push(go));
    else this.running += 1;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // the slot passes straight to the next task in line
      else this.running -= 1;
    }
  }

  /** running and waiting now, and the most that ever ran at once */
  stats() {
    return { running: this.running, waiting: this.waiting.length, peak: this.peak };
  }
}
