/** A 32-bit FNV-1a hash of a string: the seed of a picture comes from its passage, so it is the same every time. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A small seeded random source (mulberry32): the same seed gives the same picture, on every machine,
 * which Math.random cannot promise. Good enough for placing hills; nothing here needs to be secret.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A number in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A second source that goes its own way: adding an element to one layer does not reshuffle the others. */
  fork(label: string): Rng {
    return new Rng(hashString(`${this.state}:${label}`));
  }
}

/** The random source of one picture: its passage, its words and its seed. */
export function pictureRng(reference: string, text: string, seed: number): Rng {
  return new Rng(hashString(`${reference}\u0000${text}\u0000${seed}`));
}
