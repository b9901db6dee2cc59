/**
 * The command-line flags of the generators in tools/: `values(name)` every value given after
 * `name`, `value(name)` the one value it must have; a flag without a value, or a required flag
 * missing or repeated, prints `usage` and exits with 2.
 */
export function toolArgs(usage, argv = process.argv) {
  const fail = () => {
    console.error(usage);
    process.exit(2);
  };
  const values = (name) => {
    const out = [];
    argv.forEach((a, i) => {
      if (a !== name) return;
      if (!argv[i + 1]) fail();
      out.push(argv[i + 1]);
    });
    return out;
  };
  const value = (name) => {
    const [v, ...more] = values(name);
    if (v === undefined || more.length > 0) fail();
    return v;
  };
  return { values, value };
}
