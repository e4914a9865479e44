// Reads pg_dump's custom-format archive (`pg_dump --format=custom`, the format pg_restore reads),
// as PostgreSQL 18 writes it: src/bin/pg_dump/pg_backup_archiver.c (header, table of contents) and
// pg_backup_custom.c (data blocks). Used by the restore, which replays it the way
// `pg_restore --no-owner --no-privileges --single-transaction` does.
import zlib from "node:zlib";

/** One object of the dump: its SQL (`defn`) and, for a table's rows, the COPY command. */
interface ArchiveEntry {
  dumpId: number;
  hadDumper: boolean;
  tag: string;
  /** What kind of object: TABLE, INDEX, TABLE DATA, SEQUENCE SET, COMMENT, ACL, ... */
  desc: string;
  /** 1 none, 2 pre-data, 3 data, 4 post-data. */
  section: number;
  defn: string;
  dropStmt: string;
  copyStmt: string;
  namespace: string;
  tableam: string;
  owner: string;
  dependencies: number[];
}

export interface CustomArchive {
  version: string;
  /** 0 none, 1 gzip, 2 lz4, 3 zstd. */
  compression: number;
  createdAt: Date;
  database: string;
  serverVersion: string;
  pgDumpVersion: string;
  entries: ArchiveEntry[];
  /** The decompressed data of an entry (a table's rows in COPY text format), if it has any. */
  data(dumpId: number): Buffer | undefined;
}

const MAGIC = "PGDMP";
const FORMAT_CUSTOM = 1;
const BLOCK_DATA = 1;
const BLOCK_BLOBS = 3;
// Archive versions this reader knows: 1.14 (PostgreSQL 12) to 1.16 (PostgreSQL 17 and 18).
const OLDEST = [1, 14];
const NEWEST = [1, 16];

class ArchiveFormatError extends Error {}

export function readCustomArchive(buffer: Buffer): CustomArchive {
  let position = 0;
  const need = (length: number) => {
    if (position + length > buffer.length) throw new ArchiveFormatError("The database dump is cut short (truncated file).");
  };
  const byte = () => {
    need(1);
    return buffer[position++]!;
  };
  if (buffer.toString("latin1", 0, 5) !== MAGIC) throw new ArchiveFormatError("Not a pg_dump custom-format archive.");
  position = 5;
  const [major, minor, revision] = [byte(), byte(), byte()];
  const versionNumber = major * 256 + minor;
  if (versionNumber < OLDEST[0]! * 256 + OLDEST[1]! || versionNumber > NEWEST[0]! * 256 + NEWEST[1]!) {
    throw new ArchiveFormatError(`Unsupported archive version ${major}.${minor} (this restore reads 1.14 to 1.16).`);
  }
  const intSize = byte();
  const offsetSize = byte();
  if (byte() !== FORMAT_CUSTOM) throw new ArchiveFormatError("Not a custom-format archive (pg_dump --format=custom).");
  const compression = byte();

  const int = () => {
    const negative = byte() !== 0;
    need(intSize);
    let value = 0;
    for (let i = 0; i < intSize; i++) value += buffer[position++]! * 2 ** (8 * i);
    return negative ? -value : value;
  };
  const nullableString = (): string | null => {
    const length = int();
    if (length < 0) return null;
    need(length);
    const text = buffer.toString("utf8", position, position + length);
    position += length;
    return text;
  };
  const string = () => nullableString() ?? "";

  const [second, minute, hour, day, month, year] = [int(), int(), int(), int(), int(), int()];
  int(); // daylight saving flag
  const createdAt = new Date(1900 + year, month, day, hour, minute, second);
  const database = string();
  const serverVersion = string();
  const pgDumpVersion = string();

  const count = int();
  const entries: ArchiveEntry[] = [];
  for (let i = 0; i < count; i++) {
    const dumpId = int();
    const hadDumper = int() !== 0;
    string(); // catalog table oid
    string(); // object oid
    const tag = string();
    const desc = string();
    const section = int();
    const defn = string();
    const dropStmt = string();
    const copyStmt = string();
    const namespace = string();
    string(); // tablespace
    const tableam = string();
    if (versionNumber >= 1 * 256 + 16) int(); // relkind
    const owner = string();
    string(); // "false": WITH OIDS, no longer supported
    const dependencies: number[] = [];
    for (let dependency = nullableString(); dependency !== null; dependency = nullableString()) dependencies.push(Number(dependency));
    byte(); // data offset: flag, then the offset
    need(offsetSize);
    position += offsetSize;
    entries.push({ dumpId, hadDumper, tag, desc, section, defn, dropStmt, copyStmt, namespace, tableam, owner, dependencies });
  }

  // Data blocks follow the table of contents: type, entry id, then chunks (length, bytes) up to a 0.
  const blocks = new Map<number, Buffer[]>();
  while (position < buffer.length) {
    const type = byte();
    const dumpId = int();
    if (type === BLOCK_BLOBS) throw new ArchiveFormatError("The dump holds large objects, which this restore does not read.");
    if (type !== BLOCK_DATA) throw new ArchiveFormatError(`Unknown data block type ${type} (corrupt archive?).`);
    const chunks: Buffer[] = [];
    for (let length = int(); length !== 0; length = int()) {
      need(length);
      chunks.push(buffer.subarray(position, position + length));
      position += length;
    }
    blocks.set(dumpId, chunks);
  }

  return {
    version: `${major}.${minor}.${revision}`,
    compression,
    createdAt,
    database,
    serverVersion,
    pgDumpVersion,
    entries,
    data(dumpId) {
      const chunks = blocks.get(dumpId);
      if (!chunks) return undefined;
      const raw = Buffer.concat(chunks);
      switch (compression) {
        case 0:
          return raw;
        case 1:
          return raw.length === 0 ? raw : zlib.inflateSync(raw);
        case 3:
          return raw.length === 0 ? raw : zlib.zstdDecompressSync(raw);
        default:
          throw new ArchiveFormatError("The dump is compressed with lz4, which this restore does not read (dump it with gzip, the default).");
      }
    },
  };
}
