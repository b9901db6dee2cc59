/**
 * A scenario run as text for people (per step: the action, what it printed, the ownership changes
 * in plain words, each expectation's result) and as a JSON report for machines.
 */
import { formatSource } from '../errors/ssa-error.js';
import type { OwnershipChange } from './ownership-changes.js';
import type { ActionResult, ObjectChanges, ScenarioRun, StepRecord } from './run-types.js';
import { applyFactLines } from './apply-facts.js';

/** The step's forgiven conflicts and migrations in words (apply-facts.ts); none outside cluster mode. */
export function resultFactLines(r: ActionResult): string[] {
  return applyFactLines({ forgivenConflicts: r.forgivenConflicts ?? [], migrations: r.migrations ?? [] }, r.ok);
}

/** Styling hooks (colour); the identity when colour is off. Meaning never depends on them. */
export interface TextStyle {
  pass(s: string): string;
  fail(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

export const PLAIN: TextStyle = { pass: (s) => s, fail: (s) => s, dim: (s) => s, bold: (s) => s };

/** Folds long lines at spaces so that prose reads well on a terminal. */
export function wrapText(text: string, width = 96): string {
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => {
      if (line.length <= width) return line;
      const lead = /^\s*/.exec(line)![0];
      const out: string[] = [];
      let cur = '';
      for (const word of line.trim().split(/ +/)) {
        if (cur && (lead + cur + ' ' + word).length > width) {
          out.push(lead + cur);
          cur = word;
        } else cur = cur ? `${cur} ${word}` : word;
      }
      if (cur) out.push(lead + cur);
      return out.join('\n');
    })
    .join('\n');
}

function indent(text: string, prefix: string): string[] {
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => (l === '' ? prefix.trimEnd() : prefix + l));
}

export function formatScenarioHeader(run: Pick<ScenarioRun, 'scenario'>, style: TextStyle = PLAIN): string {
  const s = run.scenario;
  const lines = [style.bold(`Scenario: ${s.name}`) + style.dim(`  (${s.file})`)];
  if (s.description) lines.push(...indent(wrapText(s.description), '  '));
  if (s.learn.length) {
    lines.push('  What you will learn:');
    for (const l of s.learn) lines.push(...indent(wrapText(l, 92), '    ').map((x, i) => (i === 0 ? `  - ${x.trimStart()}` : x)));
  }
  for (const w of s.warnings) lines.push(`  warning: ${formatSource(w.source)}: ${w.message}`);
  return lines.join('\n') + '\n';
}

export interface StepFormatOptions {
  /** List the writes that went over the wire. */
  readonly requests?: boolean;
}

export function formatStep(rec: StepRecord, total: number, style: TextStyle = PLAIN, opts: StepFormatOptions = {}): string {
  const n = rec.step.index + 1;
  const lines: string[] = [''];
  lines.push(style.bold(`Step ${n}/${total}${rec.step.title ? `: ${rec.step.title}` : ''}`));
  if (rec.step.explain) lines.push(...indent(wrapText(rec.step.explain, 94), '  | '));
  lines.push(`  $ ${rec.result.summary}`);
  if (opts.requests) for (const r of rec.result.requests ?? []) lines.push(style.dim(`  > ${r.verb} ${r.uri} -> ${r.code}`));
  const out = rec.result.stdout + rec.result.stderr;
  if (out.trim() !== '') lines.push(...indent(out, '    '));
  for (const l of resultFactLines(rec.result)) lines.push(`    ${l}`);
  // The API server's answer behind a tool's own failure text (EKS's ConfigurationConflict).
  if (rec.result.error !== undefined && !out.includes(rec.result.error)) lines.push(...indent(`API server: ${rec.result.error}`, '  '));
  for (const note of rec.result.notes) lines.push(...indent(`note: ${note}`, '  '));
  if (rec.changes.length === 0) {
    lines.push(style.dim('  ownership: no change'));
  } else {
    lines.push('  ownership:');
    const several = rec.changes.length > 1 || rec.changes[0].display !== 'the object';
    for (const oc of rec.changes) {
      if (several) lines.push(`    ${oc.display}:`);
      for (const c of oc.changes) lines.push(`${several ? '      ' : '    '}${c.text}`);
    }
  }
  for (const e of rec.expectations) {
    // A description of several lines (a 409's message) goes on under its first line, indented.
    const [first, ...more] = e.description.split('\n');
    if (e.passed) lines.push(`  ${style.pass('PASS')} ${first}`, ...more.map((l) => `       ${l}`));
    else {
      lines.push(`  ${style.fail('FAIL')} ${first}  ${style.dim(`(${formatSource(e.expectation.source)})`)}`, ...more.map((l) => `       ${l}`));
      lines.push(...indent(e.detail ?? '', '       '));
    }
  }
  return lines.join('\n') + '\n';
}

export function formatRunSummary(run: ScenarioRun, style: TextStyle = PLAIN): string {
  const n = run.totalExpectations;
  const failed = run.failedExpectations;
  if (failed === 0) return `\n${style.pass('OK')} ${run.scenario.name}: ${n} expectation${n === 1 ? '' : 's'} hold${n === 1 ? 's' : ''}\n`;
  return `\n${style.fail('FAILED')} ${run.scenario.name}: ${failed} of ${n} expectation${n === 1 ? '' : 's'} failed\n`;
}

export function formatRun(run: ScenarioRun, style: TextStyle = PLAIN): string {
  return formatScenarioHeader(run, style) + run.steps.map((s) => formatStep(s, run.scenario.steps.length, style)).join('') + formatRunSummary(run, style);
}

/** One ownership change as the reports give it (docs/reports.md): the views' path elements left out. */
export type OwnershipChangeReport = Pick<OwnershipChange, 'kind' | 'manager' | 'other' | 'paths' | 'text'>;

export function ownershipChangeReport(x: OwnershipChange): OwnershipChangeReport {
  return { kind: x.kind, manager: x.manager, other: x.other, paths: x.paths, text: x.text };
}

/** Ownership changes in the reports (`run -o json`, `preview -o json`, `addon-check -o json`): docs/reports.md. */
export interface OwnershipChangesReport {
  readonly object: string;
  readonly changes: readonly OwnershipChangeReport[];
}

export function ownershipChangesReport(changes: readonly ObjectChanges[]): OwnershipChangesReport[] {
  return changes.map((c) => ({ object: c.display, changes: c.changes.map(ownershipChangeReport) }));
}

/** The machine report of one run. */
export function runReport(run: ScenarioRun): unknown {
  return {
    file: run.scenario.file,
    name: run.scenario.name,
    mode: run.scenario.mode,
    passed: run.passed,
    expectations: { total: run.totalExpectations, failed: run.failedExpectations },
    warnings: run.scenario.warnings.map((w) => ({ source: formatSource(w.source), message: w.message })),
    steps: run.steps.map((s) => ({
      index: s.step.index + 1,
      title: s.step.title || undefined,
      action: s.step.action,
      summary: s.result.summary,
      ok: s.result.ok,
      exitCode: s.result.exitCode,
      stdout: s.result.stdout,
      stderr: s.result.stderr,
      error: s.result.error,
      conflicts: s.result.conflicts,
      forgivenConflicts: s.result.forgivenConflicts,
      migrations: s.result.migrations,
      notes: s.result.notes.length ? s.result.notes : undefined,
      requests: s.result.requests?.map((r) => ({ verb: r.verb, uri: r.uri, code: r.code })),
      ownershipChanges: ownershipChangesReport(s.changes),
      expectations: s.expectations.map((e) => ({
        passed: e.passed,
        description: e.description,
        detail: e.detail,
        source: formatSource(e.expectation.source),
      })),
    })),
  };
}
