/**
 * A Bloom filter over short strings: a compact, read-only set with no false negatives and a
 * bounded false-positive rate. It holds the common-password dictionary on the server (see
 * docs/decisions/0010-breached-passwords.md); scripts/build-password-filter.ts builds it.
 *
 * Hashing: 32-bit FNV-1a over the UTF-8 bytes, finished with MurmurHash3's fmix32 so every input
 * bit reaches every output bit, run with two different offset bases; the k bit positions come
 * from double hashing, index_i = (h1 + i·h2) mod m (Kirsch & Mitzenmacher, 2006).
 */

const FNV_PRIME = 0x01000193;
/** The standard FNV-1a 32-bit offset basis. */
export const FNV_OFFSET_BASIS = 0x811c9dc5;
/** A second, unrelated offset basis for the second hash (MurmurHash2's multiplier). */
const SECOND_OFFSET_BASIS = 0x5bd1e995;

/** 32-bit FNV-1a of a byte string, as an unsigned integer. */
export function fnv1a32(bytes: Uint8Array, offsetBasis: number = FNV_OFFSET_BASIS): number {
  let hash = offsetBasis >>> 0;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, FNV_PRIME);
  return hash >>> 0;
}

/** MurmurHash3's 32-bit finaliser (an invertible avalanche mix), as an unsigned integer. */
export function fmix32(value: number): number {
  let hash = value >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

export type BloomParameters = {
  /** Number of bits, m. */
  bits: number;
  /** Number of hash functions, k. */
  hashes: number;
};

/**
 * The optimal size for `count` items at a target false-positive rate p:
 * m = ⌈−n·ln p / (ln 2)²⌉ bits and k = round(m/n · ln 2) hashes.
 */
export function bloomParameters(count: number, falsePositiveRate: number): BloomParameters {
  if (!(count > 0) || !(falsePositiveRate > 0 && falsePositiveRate < 1))
    throw new RangeError("count > 0 and 0 < rate < 1 are required");
  const bits = Math.ceil((-count * Math.log(falsePositiveRate)) / Math.LN2 ** 2);
  const hashes = Math.max(1, Math.round((bits / count) * Math.LN2));
  return { bits, hashes };
}

/** The false-positive rate the theory predicts for `count` items in a filter of these parameters. */
export function expectedFalsePositiveRate({ bits, hashes }: BloomParameters, count: number): number {
  return (1 - Math.exp((-hashes * count) / bits)) ** hashes;
}

const encoder = new TextEncoder();

/** The k bit positions of a string. */
export function bloomPositions(value: string, { bits, hashes }: BloomParameters): number[] {
  const bytes = encoder.encode(value);
  const h1 = fmix32(fnv1a32(bytes, FNV_OFFSET_BASIS));
  // An odd step never collapses onto a short cycle.
  const h2 = (fmix32(fnv1a32(bytes, SECOND_OFFSET_BASIS)) | 1) >>> 0;
  const positions: number[] = [];
  // h1 + i·h2 stays far below 2^53 for any realistic k, so the arithmetic is exact.
  for (let i = 0; i < hashes; i++) positions.push((h1 + i * h2) % bits);
  return positions;
}

export class BloomFilter {
  readonly bytes: Uint8Array;

  constructor(
    readonly parameters: BloomParameters,
    bytes?: Uint8Array,
  ) {
    const length = Math.ceil(parameters.bits / 8);
    if (bytes && bytes.length !== length)
      throw new RangeError(`A filter of ${parameters.bits} bits needs ${length} bytes, got ${bytes.length}`);
    this.bytes = bytes ?? new Uint8Array(length);
  }

  add(value: string): void {
    for (const position of bloomPositions(value, this.parameters)) this.bytes[position >>> 3]! |= 1 << (position & 7);
  }

  /** False means certainly absent; true means present, or a false positive at the filter's rate. */
  has(value: string): boolean {
    return bloomPositions(value, this.parameters).every(
      (position) => (this.bytes[position >>> 3]! & (1 << (position & 7))) !== 0,
    );
  }

  /** Share of bits set; the false-positive rate is about this to the power k. */
  fillRatio(): number {
    let set = 0;
    for (const byte of this.bytes) for (let bit = byte; bit; bit &= bit - 1) set++;
    return set / this.parameters.bits;
  }
}
