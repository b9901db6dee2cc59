/**
 * Reading captured live objects (`kubectl get -o yaml --show-managed-fields`) from a file or
 * standard input, the one way every command does it (src/scenarios/read-live-objects.ts), with
 * the warnings on stderr.
 */
import { type LiveObject, readLiveObjectsText } from '../scenarios/read-live-objects.js';
import type { CommandIO } from './io.js';
import { readInput } from './read-input.js';

export { type LiveObject, NO_MANAGED_FIELDS_WARNING, objectDisplayName } from '../scenarios/read-live-objects.js';

/** Every object of FILE (`-` or undefined: standard input), checked; warnings go to stderr. */
export async function readLiveObjects(file: string | undefined, io: CommandIO): Promise<{ name: string; objects: LiveObject[] }> {
  const input = await readInput(file, io);
  return { name: input.name, objects: liveObjectsFromText(input.text, input.name, io) };
}

/** The objects of TEXT (YAML or JSON, several documents or a List) read from NAME, checked. */
export function liveObjectsFromText(text: string, name: string, io: CommandIO): LiveObject[] {
  const read = readLiveObjectsText(text, name);
  for (const w of read.warnings) io.writeError(`warning: ${w}\n`);
  return read.objects;
}
