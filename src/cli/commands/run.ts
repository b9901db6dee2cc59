import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describeError, SsaError, type SourcePosition } from '../../errors/ssa-error.js';
import {
  formatRunSummary,
  formatScenarioHeader,
  formatStep,
  modeRunner,
  parseScenario,
  runReport,
  runScenarioSteps,
  type RunEnvironment,
  type Scenario,
  type ScenarioRun,
  type StepFormatOptions,
  type StepRecord,
  summarizeRun,
  type TextStyle,
} from '../../scenarios/index.js';
import { parseCommandArgs, usageError } from '../args.js';
import { isColorMode, textStyle, useColor } from '../color.js';
import { type CommandIO, EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../io.js';
import { readTextFile } from '../read-input.js';
import { inputText } from '../../document/input-text.js';
import { outputTarget, writeFileAtomically } from '../write-output.js';
import { stringifyJson } from '../../value/stringify-json.js';

export const runUsage = `Usage: ssa-sim run FILE... [--step] [--requests] [-o json|text|FILE] [--color auto|always|never]

Runs scenario files (docs/scenarios.md): for each step, the action and what it printed, what
changed in ownership in plain words, and whether each expectation holds.

Options:
  --step            pause after each step: Enter for the next step, b to step back, q to quit
  --requests        list the writes each step sent to the API server (verb, URI, status code)
  -o, --output      json (a machine report on stdout), text (default), or a file name to write
                    the report to (format from the extension: .json, else text; written atomically)
  --color           auto (default: colour on a terminal unless NO_COLOR is set), always, never

Exit status: 0 every expectation holds, 1 an expectation failed, 2 invalid input or usage.

Examples:
  ssa-sim run scenarios/eks-vpc-cni-addon.yaml
  ssa-sim run --step scenarios/shared-field-release.yaml
  ssa-sim run scenarios/*.yaml -o report.json
`;

export const OPTIONS = {
  step: { type: 'boolean' },
  requests: { type: 'boolean' },
  output: { type: 'string', short: 'o' },
  color: { type: 'string' },
} as const;

/**
 * Reads files named in a scenario relative to the scenario's folder. The snapshots are not frozen:
 * the command reports them (or steps through them) and gives them to nobody.
 */
export function fileEnvironment(scenarioFile: string): RunEnvironment {
  return {
    freezeSnapshots: false,
    readFile(path: string, from: SourcePosition): string {
      const full = resolve(dirname(from.file ?? scenarioFile), path);
      let bytes: Buffer;
      try {
        bytes = readFileSync(full);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, expected a file' : (code ?? (err as Error).message);
        throw new SsaError('INPUT', `cannot read ${path}: ${why} (looked for ${full}: a file named in a scenario is read from the scenario's folder)`, { source: from });
      }
      return inputText(bytes, full);
    },
  };
}

export function loadScenario(file: string): Scenario {
  return parseScenario(readTextFile(file), file);
}

/** Runs one file to the end; when it is invalid, the error (printed too). */
function runFile(file: string, io: CommandIO): ScenarioRun | { invalid: string } {
  try {
    const scenario = loadScenario(file);
    const runner = modeRunner(scenario, fileEnvironment(file));
    return summarizeRun(scenario, runner.initial, [...runScenarioSteps(scenario, runner)]);
  } catch (err) {
    if (!(err instanceof SsaError)) throw err;
    const invalid = describeError(err);
    io.writeError(`ssa-sim run: ${invalid}\n`);
    return { invalid };
  }
}

export async function runCommand(args: string[], io: CommandIO): Promise<number> {
  const parsed = parseCommandArgs('run', args, OPTIONS, runUsage, io);
  if (typeof parsed === 'number') return parsed;
  const files = parsed.positionals;
  if (files.length === 0) return usageError('run', 'expected at least one scenario FILE', runUsage, io);
  const colorFlag = (parsed.values.color as string | undefined) ?? 'auto';
  if (!isColorMode(colorFlag)) return usageError('run', `--color must be auto, always or never, not ${JSON.stringify(colorFlag)}`, runUsage, io);
  const target = outputTarget(parsed.values.output as string | undefined, ['text', 'json']);
  if (typeof target === 'string') return usageError('run', target, runUsage, io);
  const step = parsed.values.step === true;
  if (step && (target.format !== 'text' || target.file)) return usageError('run', '--step shows steps on the terminal; it cannot be combined with -o', runUsage, io);

  const style = textStyle(target.file === undefined && useColor(colorFlag, io));
  const fmt = { requests: parsed.values.requests === true };
  if (step) return stepThrough(files, io, style, fmt);

  const runs: ScenarioRun[] = [];
  const invalidFiles: { file: string; error: string }[] = [];
  const progress = io.isErrorTTY === true && files.length > 1;
  let text = '';
  files.forEach((file, i) => {
    if (progress) io.writeError(`\r\u001b[Krunning ${i + 1}/${files.length}: ${file}`);
    const run = runFile(file, io);
    if ('invalid' in run) {
      invalidFiles.push({ file, error: run.invalid });
      // A report file holds the error where a terminal shows it (stderr), so that its last line's
      // "see above" finds it there.
      if (target.format === 'text' && target.file) text += `ssa-sim run: ${run.invalid}\n`;
      return;
    }
    runs.push(run);
    if (target.format === 'text') {
      const out = formatScenarioHeader(run, style) + run.steps.map((s) => formatStep(s, run.scenario.steps.length, style, fmt)).join('') + formatRunSummary(run, style);
      const separated = (i > 0 ? '\n' : '') + out;
      if (target.file) text += separated;
      else io.write(separated);
    }
  });
  if (progress) io.writeError('\r\u001b[K');
  if (files.length > 1 && target.format === 'text') {
    const passed = runs.filter((r) => r.passed).length;
    const summary = `\n${passed} of ${files.length} scenarios passed${invalidFiles.length > 0 ? ' (some files are invalid, see above)' : ''}\n`;
    if (target.file) text += summary;
    else io.write(summary);
  }
  if (target.format === 'json') {
    const report = stringifyJson({ passed: invalidFiles.length === 0 && runs.every((r) => r.passed), scenarios: runs.map(runReport), invalid: invalidFiles }, 2) + '\n';
    if (target.file) writeFileAtomically(target.file, report);
    else io.write(report);
  } else if (target.file) {
    writeFileAtomically(target.file, text);
  }
  if (invalidFiles.length > 0) return EXIT_USAGE;
  return runs.every((r) => r.passed) ? EXIT_OK : EXIT_FAILED;
}

/** Interactive: one step at a time, stepping back through the frozen snapshots on request. */
async function stepThrough(files: string[], io: CommandIO, style: TextStyle, fmt: StepFormatOptions): Promise<number> {
  // Loaded here: only --step reads lines, and a run without it should not load the module.
  const { createInterface } = await import('node:readline');
  const lines = createInterface({ input: io.stdin, crlfDelay: Infinity, terminal: false })[Symbol.asyncIterator]();
  const ask = async (prompt: string): Promise<string | undefined> => {
    io.writeError(prompt);
    const next = await lines.next();
    return next.done ? undefined : next.value.trim().toLowerCase();
  };
  let code = EXIT_OK;
  for (const file of files) {
    let scenario: Scenario;
    let gen: Generator<StepRecord, void, void>;
    let initial;
    try {
      scenario = loadScenario(file);
      const runner = modeRunner(scenario, fileEnvironment(file));
      initial = runner.initial;
      gen = runScenarioSteps(scenario, runner);
    } catch (err) {
      if (!(err instanceof SsaError)) throw err;
      io.writeError(`ssa-sim run: ${describeError(err)}\n`);
      code = EXIT_USAGE;
      continue;
    }
    io.write(formatScenarioHeader({ scenario }, style));
    const done: StepRecord[] = [];
    const total = scenario.steps.length;
    let shown = -1;
    let quit = false;
    for (;;) {
      if (shown + 1 >= done.length) {
        const next = gen.next();
        if (next.done) break;
        done.push(next.value);
      }
      shown++;
      io.write(formatStep(done[shown], total, style, fmt));
      if (shown === total - 1) break;
      let answer = await ask(`-- step ${shown + 1}/${total}: Enter for the next step, b to step back, q to quit -- `);
      while (answer === 'b') {
        if (shown > 0) {
          shown--;
          io.write(`\n(back to the state after step ${shown + 1})\n`);
          io.write(formatStep(done[shown], total, style, fmt));
        } else {
          io.write('\n(at the first step; the state before it is the scenario\'s starting state)\n');
        }
        answer = await ask(`-- step ${shown + 1}/${total}: Enter for the next step, b to step back, q to quit -- `);
      }
      if (answer === undefined || answer === 'q') {
        quit = answer === 'q';
        if (answer === undefined) {
          // No more input: finish the run without pausing.
          for (;;) {
            if (shown + 1 >= done.length) {
              const next = gen.next();
              if (next.done) break;
              done.push(next.value);
            }
            shown++;
            io.write(formatStep(done[shown], total, style, fmt));
          }
        }
        break;
      }
    }
    if (quit) io.write(`\nstopped after step ${shown + 1} of ${total}\n`);
    const run = summarizeRun(scenario, initial, done);
    io.write(quit && done.length < total ? stoppedSummary(run, done.length, total, style) : formatRunSummary(run, style));
    if (!run.passed && code === EXIT_OK) code = EXIT_FAILED;
    if (quit) break;
  }
  return code;
}

/**
 * The last line of a run stopped with q before its last step: what was checked, and that the rest
 * was not run (never "OK": expectations of steps not run neither hold nor fail).
 */
function stoppedSummary(run: ScenarioRun, ran: number, total: number, style: TextStyle): string {
  const n = run.totalExpectations;
  const failed = run.failedExpectations;
  const rest = ran + 1 === total ? `step ${total} and its expectations were` : `steps ${ran + 1} to ${total} and their expectations were`;
  return `\n${failed > 0 ? style.fail('STOPPED') : 'STOPPED'} ${run.scenario.name}: ${n} expectation${n === 1 ? '' : 's'} in the ${ran} step${ran === 1 ? '' : 's'} run, ${failed > 0 ? `${failed} failed` : 'none failed'}; ${rest} not run\n`;
}
