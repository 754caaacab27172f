// The trace the benchmarks simulate "TBT at CPU time" from (scripts/lib/lantern.ts):
// each thread's tasks shortened to the CPU time in them, what they hold kept inside them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type TraceEvent, withTasksAtCpuTime } from '../../scripts/lib/lantern.ts';

const MAIN = { pid: 1, tid: 1 };
const ms = (value: number) => value * 1000;
const event = (name: string, ph: string, at: number, fields: Partial<TraceEvent> = {}): TraceEvent => ({
  name,
  ph,
  ...MAIN,
  ts: ms(at),
  ...fields,
});

test('a task lasts its CPU time and what it holds keeps its place in proportion', () => {
  const trace = {
    traceEvents: [
      event('RunTask', 'X', 100, { dur: ms(40), tdur: ms(10) }),
      event('Layout', 'X', 120, { dur: ms(10), tdur: ms(4) }),
      event('LayoutShift', 'I', 130),
      // The next task keeps its start (the thread was idle in between) and its own share.
      event('RunTask', 'X', 150, { dur: ms(20), tdur: ms(15) }),
      event('FunctionCall', 'X', 154, { dur: ms(8) }),
    ],
  };
  const [task, layout, shift, next, call] = withTasksAtCpuTime(trace).traceEvents;
  assert.deepEqual(
    [task, layout, shift, next, call].map((each) => [each!.ts / 1000, (each!.dur ?? 0) / 1000]),
    [
      [100, 10],
      [105, 2.5],
      [107.5, 0],
      [150, 15],
      [153, 6],
    ],
  );
  // The recording itself is left as it was (Lighthouse's own figure comes from it).
  assert.equal(trace.traceEvents[0]!.dur, ms(40));
  assert.equal(trace.traceEvents[1]!.ts, ms(120));
});

test('a task without a CPU time, or with more CPU than wall time, is kept as recorded', () => {
  const trace = {
    traceEvents: [
      event('RunTask', 'X', 0, { dur: ms(30) }),
      event('ParseHTML', 'X', 10, { dur: ms(10) }),
      event('RunTask', 'X', 50, { dur: ms(2), tdur: ms(2.1) }),
    ],
  };
  assert.deepEqual(
    withTasksAtCpuTime(trace).traceEvents.map((each) => [each.ts, each.dur]),
    trace.traceEvents.map((each) => [each.ts, each.dur]),
  );
});

test("each thread's tasks are shortened by their own CPU time, whatever order the trace lists them in", () => {
  const other = { pid: 1, tid: 2 };
  const trace = {
    traceEvents: [
      event('Paint', 'X', 20, { dur: ms(4) }),
      event('RunTask', 'X', 0, { ...other, dur: ms(40), tdur: ms(40) }),
      // Listed before the task that holds it, starting at the same time.
      event('ThreadControllerImpl::RunTask', 'X', 0, { dur: ms(30), tdur: ms(18) }),
      event('RunTask', 'X', 0, { dur: ms(40), tdur: ms(20) }),
      event('Raster', 'X', 20, { ...other, dur: ms(4) }),
    ],
  };
  const [paint, otherTask, inner, task, raster] = withTasksAtCpuTime(trace).traceEvents;
  assert.deepEqual(
    [task!.dur, inner!.dur, inner!.ts, paint!.ts, paint!.dur].map((value) => value! / 1000),
    [20, 15, 0, 10, 2],
  );
  assert.deepEqual([otherTask!.dur, raster!.ts, raster!.dur], [ms(40), ms(20), ms(4)]);
});
