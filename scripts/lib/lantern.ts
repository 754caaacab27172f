// Lighthouse's Lantern simulation run again on a Lighthouse run's artifacts (issue 32, decision
// 065): the input its computed metrics take, and the Total Blocking Time as the renderer's own
// work makes it. Lantern takes each main-thread task's wall time (`dur`) times four (a layout
// task's times two). On this 2-core host half of that wall time is the renderer waiting for a
// core (Chromium's other processes, Lighthouse's tracing), so the same page measures 0-150 ms from
// one run to the next. Chromium's trace also gives the thread's CPU time in each task (`tdur`):
// the same simulation on a copy of the trace whose tasks last their CPU time gives what the page
// costs the renderer, the host's waits left out. Used by `npm run bench:static` and
// `npm run bench:lantern`.
import type { RunnerResult } from 'lighthouse';
import { LanternTotalBlockingTime } from '../../node_modules/lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  /** Wall time (µs), complete events only. */
  dur?: number;
  /** The thread's CPU time in the event (µs), where Chromium records it. */
  tdur?: number;
  [key: string]: unknown;
};
export type Trace = { traceEvents: TraceEvent[]; [key: string]: unknown };

/**
 * A copy of the trace in which every thread's top-level complete events (the tasks) last as long
 * as the thread's CPU time in them, and everything inside a task keeps its place in proportion.
 * A task without a CPU time, or with more CPU than wall time (clock granularity), is kept as is.
 * The task's start is kept: a shortened task leaves the thread idle until the next one.
 */
export function withTasksAtCpuTime(trace: Trace): Trace {
  const events = trace.traceEvents.map((event) => ({ ...event }));
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    const thread = byThread.get(key);
    if (thread) thread.push(event);
    else byThread.set(key, [event]);
  }
  for (const thread of byThread.values()) {
    // By start; of two starting together, the longer (the enclosing one) first.
    thread.sort((a, b) => a.ts - b.ts || (b.dur ?? -1) - (a.dur ?? -1));
    let task: { start: number; end: number; scale: number } | undefined;
    for (const event of thread) {
      if (task && event.ts < task.end) {
        event.ts = task.start + (event.ts - task.start) * task.scale;
        if (event.dur !== undefined) event.dur *= task.scale;
        continue;
      }
      if (event.ph !== 'X' || !event.dur) continue;
      const scale = event.tdur === undefined ? 1 : Math.min(1, event.tdur / event.dur);
      task = { start: event.ts, end: event.ts + event.dur, scale };
      event.dur *= scale;
    }
  }
  return { ...trace, traceEvents: events };
}

/** What Lantern's computed metrics take (`Metric.request(input, context)`), from a run's artifacts. */
export function lanternInput(run: RunnerResult, trace = run.artifacts.Trace) {
  const { artifacts } = run;
  return {
    trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: run.lhr.configSettings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
    HostDPR: artifacts.HostDPR,
  };
}

/** Lantern's Total Blocking Time (ms) for a run, from the trace as recorded or at CPU time. */
export async function simulatedTotalBlockingTime(run: RunnerResult, at: 'wall' | 'cpu'): Promise<number> {
  const recorded = run.artifacts.Trace;
  // Lighthouse's trace type and this one describe the same events (this one only what is used).
  const trace =
    at === 'cpu' ? (withTasksAtCpuTime(recorded as unknown as Trace) as unknown as typeof recorded) : recorded;
  const settings = run.lhr.configSettings;
  // A cache of its own: Lighthouse caches computed artifacts by their input.
  const result = (await LanternTotalBlockingTime.request(lanternInput(run, trace), {
    computedCache: new Map(),
    settings,
  })) as { timing: number };
  return result.timing;
}
