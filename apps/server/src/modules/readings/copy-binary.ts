/**
 * Readings in PostgreSQL's binary COPY format, for `COPY readings (series_id, upload_id, taken_at, value) FROM …
 * WITH (FORMAT binary)`: the server reads integers, times and doubles as they are instead of parsing text (the
 * costliest part of a text COPY), and the file the upload validation writes is what the load sends, byte for byte.
 *
 * Layout: the 11-byte signature, flags (int32 0), header extension length (int32 0); per reading a tuple of 4 fields:
 * int16 4, then each field as int32 length + big-endian bytes — series ref (int4), upload id (int4, or length -1 for
 * NULL), taken_at (int8 microseconds since 2000-01-01 UTC), value (float8); the trailer int16 -1.
 */

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = 19;
/** 2000-01-01T00:00:00Z in epoch ms (PostgreSQL's epoch). */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 4_294_967_296;

/** Appends readings to a growing binary COPY buffer. */
export class BinaryReadingsWriter {
  private buf: Buffer;
  private pos = HEADER_BYTES;
  private count = 0;

  constructor(expectedRows = 1024) {
    this.buf = Buffer.allocUnsafe(HEADER_BYTES + Math.max(16, expectedRows) * 42 + 2);
    SIGNATURE.copy(this.buf, 0);
    this.buf.writeInt32BE(0, 11);
    this.buf.writeInt32BE(0, 15);
  }

  get rows(): number {
    return this.count;
  }

  /** One reading: series ref, upload id (null: none), time (epoch ms), value. */
  add(ref: number, uploadId: number | null, takenAtMs: number, value: number): void {
    if (this.pos + 44 > this.buf.length) {
      const bigger = Buffer.allocUnsafe(this.buf.length * 2);
      this.buf.copy(bigger, 0, 0, this.pos);
      this.buf = bigger;
    }
    const b = this.buf;
    let p = this.pos;
    b.writeInt16BE(4, p);
    b.writeInt32BE(4, p + 2);
    b.writeInt32BE(ref, p + 6);
    p += 10;
    if (uploadId === null) {
      b.writeInt32BE(-1, p);
      p += 4;
    } else {
      b.writeInt32BE(4, p);
      b.writeInt32BE(uploadId, p + 4);
      p += 8;
    }
    const us = (takenAtMs - PG_EPOCH_MS) * 1000;
    const hi = Math.floor(us / TWO_32);
    b.writeInt32BE(8, p);
    b.writeInt32BE(hi, p + 4);
    b.writeUInt32BE(us - hi * TWO_32, p + 8);
    b.writeInt32BE(8, p + 12);
    b.writeDoubleBE(value + 0, p + 16); // + 0: -0 is stored as 0, as a text COPY would
    this.pos = p + 24;
    this.count++;
  }

  /** The finished COPY data (a view of the buffer: copy it if the writer is used again). */
  finish(): Buffer {
    if (this.pos + 2 > this.buf.length) {
      const bigger = Buffer.allocUnsafe(this.pos + 2);
      this.buf.copy(bigger, 0, 0, this.pos);
      this.buf = bigger;
    }
    this.buf.writeInt16BE(-1, this.pos);
    return this.buf.subarray(0, this.pos + 2);
  }
}

/** Rewrites the series ref (first field) of every tuple in place: `idOf(ref)`. Returns the number of tuples. */
export function patchSeriesRefs(data: Buffer, idOf: (ref: number) => number | undefined): number {
  if (data.length < HEADER_BYTES + 2 || !data.subarray(0, 11).equals(SIGNATURE)) throw new Error('patchSeriesRefs: not binary COPY data');
  let p = HEADER_BYTES + data.readInt32BE(15);
  let n = 0;
  for (;;) {
    const fields = data.readInt16BE(p);
    p += 2;
    if (fields === -1) return n;
    for (let f = 0; f < fields; f++) {
      const len = data.readInt32BE(p);
      p += 4;
      if (f === 0) {
        const id = idOf(data.readInt32BE(p));
        if (id === undefined) throw new Error('patchSeriesRefs: a tuple names an unknown series');
        data.writeInt32BE(id, p);
      }
      if (len > 0) p += len;
    }
    n++;
  }
}
