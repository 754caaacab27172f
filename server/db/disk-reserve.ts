// Space kept aside on the database's disk so staff can still sign in when it fills up (issue 33).
// A full disk refuses every write, and a sign-in must write its session (a session that is not
// stored could not be revoked). So a small file of zeros sits beside the SQLite file; when a
// sign-in's write is refused for want of space, the file is deleted and the write tried once more.
// The space freed is not fenced off (posts may use some of it), which is fine: readiness is 503
// while writes fail, so a balancer sends posts elsewhere, and a post that fails is answered 503
// and stored nowhere. The reserve is made again once the disk has room. PostgreSQL keeps its own
// disk: there is no reserve then.
import { statfs, unlink, writeFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export const RESERVE_FILE = 'disk-reserve';
/** Room for many sessions' pages in the WAL and the file. */
export const RESERVE_BYTES = 2 * 1024 * 1024;
/** The reserve is made (again) only when at least as much would still be free beside it. */
const ROOM_FACTOR = 2;

export type DiskReserve = ReturnType<typeof createDiskReserve>;

export function createDiskReserve(directory: string, log: FastifyBaseLogger, bytes = RESERVE_BYTES) {
  const path = join(directory, RESERVE_FILE);
  let making: Promise<void> | null = null;

  async function present(): Promise<boolean> {
    try {
      return (await stat(path)).size >= bytes;
    } catch {
      return false;
    }
  }

  async function make(): Promise<void> {
    if (await present()) return;
    const disk = await statfs(directory);
    if (disk.bavail * disk.bsize < ROOM_FACTOR * bytes) return;
    // Zeros written out, not a sparse file: the blocks must really be taken.
    await writeFile(path, Buffer.alloc(bytes));
  }

  return {
    /** Makes the reserve if it is missing and the disk has room; best effort, never throws. */
    keep(): Promise<void> {
      making ??= make()
        .catch((error: unknown) => log.warn({ err: error }, 'disk reserve not made'))
        .finally(() => (making = null));
      return making;
    },
    /** Frees the reserve for a write the full disk refused: true when there was one to free. */
    async release(): Promise<boolean> {
      try {
        await unlink(path);
      } catch {
        return false;
      }
      log.warn('disk full: the disk reserve was released so a staff sign-in can be stored');
      return true;
    },
  };
}
