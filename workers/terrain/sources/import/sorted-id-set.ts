// A set of OSM ids in a typed array (8 bytes an id, no per-entry object as in a Set or Map, whose
// size is also capped at 2^24 entries): ids are appended, and sorted and deduplicated in place
// whenever the buffer fills, so memory follows the distinct ids, not how often ways repeat them.
export class SortedIdSet {
  private buffer = new Float64Array(1 << 16);
  private length = 0;
  /** Ids before this index are sorted and distinct. */
  private compacted = 0;

  addAll(ids: readonly number[]): void {
    for (const id of ids) {
      if (this.length === this.buffer.length) this.makeRoom();
      this.buffer[this.length++] = id;
    }
  }

  /** The distinct ids, ascending; the set is not to be used afterwards. */
  finish(): Float64Array {
    this.compact();
    return this.buffer.subarray(0, this.length);
  }

  private makeRoom(): void {
    this.compact();
    if (this.length > this.buffer.length / 2) {
      const grown = new Float64Array(this.buffer.length * 2);
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
  }

  private compact(): void {
    if (this.compacted === this.length) return;
    const view = this.buffer.subarray(0, this.length);
    view.sort(); // typed arrays sort numerically
    let out = 0;
    for (let i = 0; i < view.length; i++) if (out === 0 || view[i] !== view[out - 1]) view[out++] = view[i]!;
    this.length = out;
    this.compacted = out;
  }

  /** Index of `id` in ascending `ids`, or -1. */
  static indexOf(ids: Float64Array, id: number): number {
    let lo = 0;
    let hi = ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = ids[mid]!;
      if (v === id) return mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}
