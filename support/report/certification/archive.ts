/**
 * Reads a submitted certification bundle: an archive from outside, so nothing in it is trusted. yauzl
 * (a maintained zip reader that reads the central directory, refuses an entry whose data expands past
 * the size it declares, and checks that names are plain relative paths) does the reading; this module
 * adds the limits a verifier needs against a zip bomb, on the number of entries and on the bytes they
 * expand to (checked on the sizes they declare before any is expanded; yauzl holds each to its own),
 * and checks each entry's CRC-32, which yauzl leaves to its callers.
 */
import { crc32 } from 'node:zlib';
import { fromBufferPromise, type ZipFile } from 'yauzl';
import type { ZipEntry } from '../zip.ts';

export interface ArchiveLimits {
  /** Most entries an archive may hold. */
  readonly entries: number;
  /** Most bytes its entries may expand to, all together. */
  readonly bytes: number;
}

/**
 * A bundle holds its reports: a few files, and one per attachment of the HTML report. Far above what
 * a run writes, far below what would hurt a verifier's machine.
 */
export const BUNDLE_LIMITS: ArchiveLimits = { entries: 20_000, bytes: 512 * 1024 * 1024 };

/** Why an archive was not read: one line. */
export class ArchiveError extends Error {}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** Every file entry of the archive, expanded and checked; throws an ArchiveError on the first problem. */
export async function readArchive(bytes: Buffer, limits: ArchiveLimits = BUNDLE_LIMITS): Promise<ZipEntry[]> {
  let zip: ZipFile;
  try {
    zip = await fromBufferPromise(bytes, { strictFileNames: true, validateEntrySizes: true });
  } catch (error) {
    throw new ArchiveError(`not a readable zip archive (${(error as Error).message})`);
  }
  if (zip.entryCount > limits.entries)
    throw new ArchiveError(`it holds ${zip.entryCount} entries, more than the ${limits.entries} a bundle may hold`);
  const entries: ZipEntry[] = [];
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      // On the declared sizes, before a byte is expanded: yauzl stops an entry that expands past its own.
      if (total + entry.uncompressedSize > limits.bytes)
        throw new ArchiveError(
          `its entries expand to more than ${mib(limits.bytes)} (${entry.fileName} declares ${mib(entry.uncompressedSize)})`,
        );
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      total += data.length;
      if (crc32(data) !== entry.crc32)
        throw new ArchiveError(`${entry.fileName} is corrupt: its CRC-32 is not the one the archive records`);
      entries.push({ name: entry.fileName, data });
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(`it cannot be read (${(error as Error).message})`);
  } finally {
    zip.close();
  }
  return entries;
}
