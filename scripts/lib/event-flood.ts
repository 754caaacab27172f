// bench:events' beacon generator, in a process of its own: the pages' answer times are then taken
// by a client whose event loop the flood does not hold up, and --nice-generator lowers the flood
// alone (a stand-in for beacons arriving from other machines). autocannon's options come as JSON
// in argv[2]; the result and the CPU this process used go to stdout as JSON.
// @ts-expect-error autocannon ships no type declarations.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}') as Record<string, unknown>;
const before = process.cpuUsage();
const { requests, latency, non2xx, errors } = await autocannon(options);
const used = process.cpuUsage(before);
process.stdout.write(
  JSON.stringify({ result: { requests, latency, non2xx, errors }, cpuMs: (used.user + used.system) / 1000 }),
);
