// `npm run bench:lantern -- /features [/home …]`: why a page's simulated first and largest paint
// are what Lighthouse says (issue 32). Runs Lighthouse (mobile, performance) on the production
// server, then asks Lighthouse's own Lantern simulation for the FCP and LCP graphs and prints each
// node on the path (the document, the stylesheet, images, the main thread's tasks) with its
// simulated start and end, plus which connection each request used in the real load. What ends
// last is what a change has to move. Also the Total Blocking Time and its long tasks, and the
// same simulation with each task at the renderer's CPU time (scripts/lib/lantern.ts).
// A benchmark, not a test: the observed CPU times move with the machine's load.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's computed artifacts, imported by path (the package does not export them).
import { LanternFirstContentfulPaint } from '../node_modules/lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from '../node_modules/lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from '../node_modules/lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import { lanternInput, simulatedTotalBlockingTime } from './lib/lantern.ts';
import { BENCHMARK_ENV, ensureBuild, startServerProcess } from './lib/server-process.ts';

type Timing = { startTime: number; endTime: number };
type GraphNode =
  | { type: 'network'; request: { resourceType: string; url: string; transferSize: number } }
  | {
      type: 'cpu';
      duration: number;
      /** The task's own trace event: `tdur` is the thread's CPU time in it (µs), `dur` the wall time. */
      event: { tdur?: number };
      childEvents: { name: string; dur?: number; args?: { data?: { url?: string; stackTrace?: { url: string }[] } } }[];
    };
type LongTask = { url?: string; startTime: number; duration: number };
type Estimate = { timeInMs: number; nodeTimings: Map<GraphNode, Timing> };
type LanternResult = { timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate };
type DevtoolsEntry = {
  method: string;
  params: { response?: { url: string; connectionId: number; connectionReused: boolean; protocol: string } };
};

/** A main-thread task by what took its time: the kinds of work inside it, longest first. */
function tasksWork(node: GraphNode & { type: 'cpu' }): string {
  const byKind = new Map<string, number>();
  for (const event of node.childEvents) {
    const url = event.args?.data?.url ?? event.args?.data?.stackTrace?.[0]?.url;
    const kind = url ? `${event.name}(${url.split('/').pop()})` : event.name;
    byKind.set(kind, (byKind.get(kind) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...byKind]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`)
    .join(', ');
}

function describe(node: GraphNode): string {
  if (node.type === 'network') {
    const { resourceType, url, transferSize } = node.request;
    return `${resourceType} ${new URL(url).pathname} (${(transferSize / 1024).toFixed(1)} KB)`;
  }
  const events = [...new Set(node.childEvents.map((event) => event.name))].slice(0, 4).join(', ');
  return `main thread ${(node.duration / 1000).toFixed(1)} ms observed (${events})`;
}

if (!ensureBuild()) process.exit(1);
const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const dataDir = mkdtempSync(join(tmpdir(), 'haulora-lantern-'));
const server = await startServerProcess({ dataDir, env: BENCHMARK_ENV });
try {
  for (const path of paths.length ? paths : ['/features']) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const run = await lighthouse(server.url + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!run) throw new Error(`Lighthouse gave no result for ${path}`);
      const { artifacts, lhr } = run;
      const settings = lhr.configSettings;
      console.log(
        `\n${path}: Lighthouse FCP ${lhr.audits['first-contentful-paint']?.numericValue?.toFixed(0)} ms, LCP ${lhr.audits['largest-contentful-paint']?.numericValue?.toFixed(0)} ms`,
      );
      // What makes up the Total Blocking Time: the main thread's long tasks (simulated durations).
      const tbt = lhr.audits['total-blocking-time']?.numericValue ?? 0;
      const longTasks = (lhr.audits['long-tasks']?.details as { items?: LongTask[] } | undefined)?.items ?? [];
      console.log(`TBT ${tbt.toFixed(0)} ms; long tasks (simulated):`);
      for (const task of longTasks)
        console.log(`  ${task.startTime.toFixed(0)} ms +${task.duration.toFixed(0)} ms  ${task.url ?? ''}`);
      // How fast this host's CPU is (Lighthouse's own measure; its docs call a typical desktop
      // 1,000-2,000): TBT is the observed tasks times the 4× slowdown, so a slow host inflates it.
      console.log(`host benchmark index ${lhr.environment.benchmarkIndex.toFixed(0)}`);
      type Breakdown = { items?: { groupLabel: string; duration: number }[] };
      const work = (lhr.audits['mainthread-work-breakdown']?.details as Breakdown | undefined)?.items ?? [];
      console.log(
        `main thread (simulated): ${work.map((item) => `${item.groupLabel} ${item.duration.toFixed(0)} ms`).join(', ')}`,
      );
      type Bootup = { items?: { url: string; scripting: number; scriptParseCompile: number }[] };
      const scripts = (lhr.audits['bootup-time']?.details as Bootup | undefined)?.items ?? [];
      for (const item of scripts)
        console.log(
          `  script ${item.url.startsWith('http') ? new URL(item.url).pathname : item.url}: evaluate ${item.scripting.toFixed(0)} ms, parse/compile ${item.scriptParseCompile.toFixed(0)} ms`,
        );
      console.log('connections in the real load:');
      for (const entry of artifacts.DevtoolsLog as unknown as DevtoolsEntry[]) {
        const response = entry.method === 'Network.responseReceived' ? entry.params.response : undefined;
        if (response)
          console.log(
            `  #${response.connectionId} ${response.connectionReused ? 'kept-alive' : 'new       '} ${response.protocol} ${new URL(response.url).pathname}`,
          );
      }
      const input = lanternInput(run);
      const context = { computedCache: new Map(), settings };
      // The simulated tasks that TBT counts (over 50 ms after the first contentful paint), with
      // their observed work: what a change has to shorten. Lighthouse's TBT is the mean of the
      // optimistic and pessimistic estimates; the optimistic one is listed.
      const blocking = (await LanternTotalBlockingTime.request(input, context)) as LanternResult;
      const fcp = (await LanternFirstContentfulPaint.request(input, context)) as LanternResult;
      console.log(
        `TBT simulated ${blocking.timing.toFixed(0)} ms (optimistic ${blocking.optimisticEstimate.timeInMs.toFixed(0)}, pessimistic ${blocking.pessimisticEstimate.timeInMs.toFixed(0)}); tasks over 50 ms from FCP ${fcp.pessimisticEstimate.timeInMs.toFixed(0)} ms on:`,
      );
      const atCpuTime = await simulatedTotalBlockingTime(run, 'cpu');
      console.log(`  with each task at the renderer's CPU time in it: TBT ${atCpuTime.toFixed(0)} ms`);
      for (const [node, timing] of [...blocking.optimisticEstimate.nodeTimings].sort(
        (a, b) => a[1].startTime - b[1].startTime,
      )) {
        if (node.type !== 'cpu' || timing.endTime - timing.startTime < 50) continue;
        if (timing.endTime < fcp.pessimisticEstimate.timeInMs) continue;
        // Lantern simulates from the wall time; the thread's CPU time says how much of it the
        // renderer ran (on this 2-core host often under half: the other processes of the load).
        const cpu = node.event.tdur === undefined ? '' : `, ${(node.event.tdur / 1000).toFixed(1)} ms of CPU`;
        console.log(
          `  ${timing.startTime.toFixed(0).padStart(5)} ms +${(timing.endTime - timing.startTime).toFixed(0)} ms (${(node.duration / 1000).toFixed(1)} ms observed${cpu}): ${tasksWork(node)}`,
        );
      }
      for (const [name, metric] of [
        ['FCP', LanternFirstContentfulPaint],
        ['LCP', LanternLargestContentfulPaint],
      ] as const) {
        const result = (await metric.request(input, context)) as LanternResult;
        console.log(`${name} simulated ${result.timing.toFixed(0)} ms`);
        for (const [label, estimate] of [
          ['optimistic', result.optimisticEstimate],
          ['pessimistic', result.pessimisticEstimate],
        ] as const) {
          console.log(`  ${label} graph: ${estimate.timeInMs.toFixed(0)} ms`);
          const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
          for (const [node, timing] of rows)
            console.log(
              `    ${timing.startTime.toFixed(0).padStart(5)} → ${timing.endTime.toFixed(0).padStart(5)} ms  ${describe(node)}`,
            );
        }
      }
    } finally {
      await chrome.kill();
    }
  }
} finally {
  await server.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
