// Stored visitor data from the command line (issue 7, privacy):
//   node scripts/data.ts purge [--dry-run]   delete submissions older than RETENTION_MONTHS (and the
//                                            Content trash and unused content images older than 30 days)
//   node scripts/data.ts export <email>      print, as JSON, everything stored about one address
//   node scripts/data.ts backup <file>       an online, consistent copy of the SQLite database
//   node scripts/data.ts restore <file>      put a backup in place (the server must be stopped)
// The database is the one the server uses (DATA_DIR and the other variables apply) and is
// migrated first. Results go to stdout, errors to stderr with exit code 1, wrong usage exits 2.
import { join } from 'node:path';
import { BackupError, backupSqlite, restoreSqlite, runningServer } from '../server/db/backup.ts';
import { createAnalyticsRepository } from '../server/db/repositories/analytics.ts';
import { createContentStatesRepository } from '../server/db/repositories/content-states.ts';
import { createRetentionRepository, monthsBefore } from '../server/db/repositories/retention.ts';
import { TRASH_DAYS } from '../common/content.ts';
import { createRollups } from '../server/services/analytics/rollups.ts';
import { imagePurgeCutoff, purgeUnusedImages } from '../server/services/page-image-purge.ts';
import { CommandError, runCli, UsageError } from './lib/cli.ts';

const USAGE = `Usage:
  node scripts/data.ts purge [--dry-run]   delete submissions older than RETENTION_MONTHS (default 24),
                                           with their inbox notes, emails and images; --dry-run only counts
  node scripts/data.ts export <email>      print everything stored about that address, as JSON
  node scripts/data.ts backup <file>       copy the SQLite database to <file> while the site runs
  node scripts/data.ts restore <file>      replace the SQLite database with <file> (stop the server first);
                                           the replaced one is kept as haulora.sqlite.before-restore-<time>

Through npm: npm run data:purge [-- --dry-run], npm run data:export -- <email>,
npm run data:backup -- <file>, npm run data:restore -- <file>.
On PostgreSQL (DATABASE_URL) back up with pg_dump and restore with pg_restore (see docs/operations.md).`;

/** What the backup commands say on PostgreSQL, instead of pretending. */
const POSTGRES_BACKUP = `The database is PostgreSQL (DATABASE_URL): use its own tools, for example
  pg_dump --format=custom --file=haulora.dump "$DATABASE_URL"
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" haulora.dump`;

type Command =
  { name: 'purge'; dryRun: boolean } | { name: 'export'; email: string } | { name: 'backup' | 'restore'; file: string };

function parseArgs(args: string[]): Command {
  const [name, ...rest] = args;
  if (name === 'purge') {
    if (rest.length > 1 || (rest.length === 1 && rest[0] !== '--dry-run'))
      throw new UsageError('purge takes only --dry-run.');
    return { name, dryRun: rest.length === 1 };
  }
  if (name === 'export') {
    if (rest.length !== 1 || !rest[0]?.includes('@')) throw new UsageError('export takes one email address.');
    return { name, email: rest[0] };
  }
  if (name === 'backup' || name === 'restore') {
    if (rest.length !== 1 || !rest[0]) throw new UsageError(`${name} takes one file name.`);
    return { name, file: rest[0] };
  }
  throw new UsageError(name === undefined ? 'No command given.' : `Unknown command: ${name}`);
}

if (import.meta.main) {
  process.exitCode = await runCli<Command>({
    usage: USAGE,
    parse: parseArgs,
    isExpected: (error) => error instanceof BackupError,
    // A restore replaces the database file: it must not hold it open.
    opensDatabase: (command) => command.name !== 'restore',
    async run(command, { config, db }) {
      if (command.name === 'restore') {
        if (config.database.url) throw new CommandError(POSTGRES_BACKUP);
        const pid = runningServer(join(config.dataDir, 'server.pid'));
        if (pid !== null)
          throw new CommandError(
            `The server (process ${pid}) is using ${config.database.file}: stop it, then restore.`,
          );
        const { replaced, schemaVersion } = restoreSqlite(command.file, config.database.file);
        console.log(`Restored ${command.file} (schema version ${schemaVersion}) into ${config.database.file}.`);
        if (replaced) console.log(`The database it replaced is kept as ${replaced}.`);
        console.log('Start the server: it applies any newer migrations.');
        return;
      }
      if (!db) throw new Error('the database is open for every other command');
      if (command.name === 'backup') {
        if (!db.sqlite) throw new CommandError(POSTGRES_BACKUP);
        const { pages, file } = await backupSqlite(db.sqlite, command.file);
        console.log(`Backed up ${config.database.file} to ${file} (${pages} pages), checked with integrity_check.`);
        return;
      }
      const retention = createRetentionRepository(db);
      if (command.name === 'purge') {
        const cutoff = monthsBefore(new Date(), config.retentionMonths).toISOString();
        const counts = await retention.purgeOlderThan(cutoff, command.dryRun);
        // Raw analytics events after ANALYTICS_RAW_RETENTION_DAYS (their daily rollups stay).
        const rollups = createRollups(createAnalyticsRepository(db.kysely, db.engine));
        counts.analytics_events = (
          await rollups.purgeRaw(config.analytics.rawRetentionDays, command.dryRun)
        ).analytics_events;
        // FAQ items and glossary entries in the trash for more than TRASH_DAYS (decision 052).
        const trashCutoff = new Date(Date.now() - TRASH_DAYS * 86_400_000).toISOString();
        const trash = await createContentStatesRepository(db.kysely).purgeTrash(trashCutoff, command.dryRun);
        counts.faqs_in_trash = trash.faq;
        counts.glossary_entries_in_trash = trash.glossary;
        // Uploaded content images no page document names, older than 30 days (decision 059).
        counts.unused_content_images = await purgeUnusedImages(db.kysely, imagePurgeCutoff(), command.dryRun);
        const verb = command.dryRun ? 'Would delete' : 'Deleted';
        console.log(`${verb} what was received before ${cutoff} (RETENTION_MONTHS=${config.retentionMonths}):`);
        const width = Math.max(...Object.keys(counts).map((table) => table.length));
        for (const [table, count] of Object.entries(counts)) console.log(`  ${table.padEnd(width)}  ${count}`);
        if (command.dryRun) console.log('Dry run: nothing was deleted.');
      } else if (command.name === 'export') {
        const tables = await retention.exportByEmail(command.email);
        console.log(
          JSON.stringify(
            { email: command.email.trim().toLowerCase(), exported_at: new Date().toISOString(), tables },
            null,
            2,
          ),
        );
      }
    },
  });
}
