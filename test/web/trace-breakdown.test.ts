/**
 * The bench's reading of a Chromium trace (bench/trace-breakdown.ts): which thread is the page's,
 * which tasks belong to a click, and what their time went to.
 */
import { describe, expect, it } from 'vitest';
import { type TraceEvent, forcedLayouts, phaseOf, rendererMainThread, windowCpu } from '../../bench/trace-breakdown.js';

const X = (name: string, ts: number, dur: number, tdur: number, tid = 1): TraceEvent => ({ name, ph: 'X', pid: 7, tid, ts, dur, tdur });
const thread = (tid: number): TraceEvent => ({ name: 'thread_name', ph: 'M', pid: 7, tid, ts: 0, args: { name: 'CrRendererMain' } });

describe('trace breakdown', () => {
  it('names the phase of the browser work a step is made of', () => {
    expect(['FunctionCall', 'UpdateLayoutTree', 'Layout', 'ParseHTML', 'Paint', 'MinorGC', 'V8.GC_SCAVENGER', 'RunTask'].map(phaseOf)).toEqual([
      'script',
      'style',
      'layout',
      'parse',
      'paint',
      'gc',
      'gc',
      'other',
    ]);
  });

  it('picks the busiest renderer main thread (a trace also holds other pages\' threads)', () => {
    const events = [thread(1), thread(2), X('RunTask', 0, 10, 5, 1), X('RunTask', 0, 100, 90, 2), X('RunTask', 0, 1000, 900, 3)];
    expect(rendererMainThread(events)).toEqual({ pid: 7, tid: 2 });
  });

  it('counts the tasks of a window whole, once, and splits their thread time by each event\'s own time', () => {
    // A click's task (script with a forced layout and HTML parsing inside), then the frame (style,
    // layout, paint), then the next click's task, which belongs to the next window.
    const events = [
      X('RunTask', 1000, 500, 400),
      X('EventDispatch', 1000, 490, 390),
      X('FunctionCall', 1010, 480, 380),
      X('ParseHTML', 1100, 50, 40),
      X('Layout', 1200, 100, 90),
      X('RunTask', 2000, 300, 250),
      X('UpdateLayoutTree', 2000, 60, 50),
      X('Layout', 2100, 100, 100),
      X('Paint', 2200, 90, 80),
      X('RunTask', 3000, 200, 150),
      X('TimerFire', 3000, 190, 140),
      X('RunTask', 9000, 10, 10, 2),
    ];
    const [first, second] = windowCpu(events, { pid: 7, tid: 1 }, [
      { from: 1000, to: 2900 },
      { from: 3000, to: 3300 },
    ]);
    expect(first.total).toBeCloseTo(0.65);
    const rounded = (r: Record<string, number>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Math.round(v * 1000) / 1000]));
    // The click's task: 10 µs of its own (other), 10 in EventDispatch and 250 in FunctionCall (script), 40 parsing, 90 laid out.
    expect(rounded(first.phases)).toEqual({ script: 0.26, style: 0.05, layout: 0.19, parse: 0.04, paint: 0.08, gc: 0, other: 0.03 });
    expect(second.total).toBeCloseTo(0.15);
    expect(second.phases.script).toBeCloseTo(0.14);
  });

  it('finds the layouts script forced outside the frame\'s animation-frame callbacks', () => {
    const events = [
      // A click whose handler reads a position after changing the DOM: forced.
      X('RunTask', 1000, 500, 400),
      X('EventDispatch', 1000, 490, 390),
      X('FunctionCall', 1010, 480, 380),
      X('UpdateLayoutTree', 1100, 50, 40),
      X('Layout', 1200, 100, 90),
      // The frame: reads in its animation-frame callback, then its own style and layout.
      X('RunTask', 2000, 300, 250),
      X('FireAnimationFrame', 2000, 50, 50),
      X('FunctionCall', 2000, 50, 50),
      X('Layout', 2010, 30, 30),
      X('UpdateLayoutTree', 2100, 20, 20),
      X('Layout', 2150, 100, 100),
      // Another thread's forced layout is not this page's.
      X('FunctionCall', 1000, 100, 100, 2),
      X('Layout', 1010, 50, 50, 2),
    ];
    expect(forcedLayouts(events, { pid: 7, tid: 1 }, 1000, 2500)).toEqual(['UpdateLayoutTree', 'Layout']);
    expect(forcedLayouts(events, { pid: 7, tid: 1 }, 1600, 2500)).toEqual([]);
  });
});
