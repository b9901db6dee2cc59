/**
 * Kubernetes' CEL format library (k8s.io/apiserver 1.32 pkg/cel/library/format.go) on the
 * evaluator: `format.dns1123Label()` and the other constant formats, `format.named(name)` (an
 * optional: none for an unknown name), and a format's `validate(string)`: none when the string
 * fits, else the list of apimachinery's messages. The namespaced calls are renamed by
 * namespaced.ts. Checks are the project's (name-validation.ts, cr-string-formats.ts,
 * go-url-parse.ts), with the texts kube gives.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { validatesFormat } from '../cr-string-formats.js';
import { goParseRequestURI } from '../go-url-parse.js';
import { isDns1035Label, isDns1123Label, isDns1123Subdomain, isQualifiedName, isValidLabelValue } from '../name-validation.js';

const TYPE = 'kubernetes.NamedFormat';

class CelFormat {
  constructor(
    readonly name: string,
    readonly validate: (s: string) => string[],
  ) {}
}

/** apimachinery's maskTrailingDash: a prefix may end in a dash (its last two bytes become `a`). */
function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name;
}

const strfmt = (format: string, message: string) => (s: string) => (validatesFormat(format, s) ? [] : [message]);

/** ConstantFormats, by the name format.named takes (and format.<name>() names). */
export const FORMATS: Readonly<Record<string, (s: string) => string[]>> = {
  dns1123Label: (s) => isDns1123Label(s),
  dns1123Subdomain: (s) => isDns1123Subdomain(s),
  dns1035Label: (s) => isDns1035Label(s),
  qualifiedName: (s) => isQualifiedName(s),
  dns1123LabelPrefix: (s) => isDns1123Label(maskTrailingDash(s)),
  dns1123SubdomainPrefix: (s) => isDns1123Subdomain(maskTrailingDash(s)),
  dns1035LabelPrefix: (s) => isDns1035Label(maskTrailingDash(s)),
  labelValue: (s) => isValidLabelValue(s),
  uri: (s) => {
    const r = goParseRequestURI(s);
    return 'error' in r ? [r.error] : [];
  },
  uuid: strfmt('uuid', 'does not match the UUID format'),
  byte: strfmt('byte', 'invalid base64'),
  date: strfmt('date', 'invalid date'),
  datetime: strfmt('datetime', 'invalid datetime'),
};

export interface Optionals {
  readonly some: (v: unknown) => unknown;
  readonly none: () => unknown;
}

export function registerFormatLibrary(env: Environment, optional: Optionals): void {
  env.registerType(TYPE, CelFormat);
  for (const [name, check] of Object.entries(FORMATS)) env.registerFunction(`__format_${name}(): ${TYPE}`, () => new CelFormat(name, check));
  env.registerFunction(`__format_named(string): optional<${TYPE}>`, (name: string) => {
    const check = Object.hasOwn(FORMATS, name) ? FORMATS[name] : undefined;
    return check ? optional.some(new CelFormat(name, check)) : optional.none();
  });
  env.registerFunction({
    name: 'validate',
    receiverType: TYPE,
    returnType: 'optional<list<string>>',
    params: [{ name: 's', type: 'string' }],
    handler: ((f: CelFormat, s: string) => {
      const errors = f.validate(s);
      return errors.length === 0 ? optional.none() : optional.some(errors);
    }) as (...args: unknown[]) => unknown,
  });
}
