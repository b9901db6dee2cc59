/**
 * The link to what the page shows: `#scenario=eks-vpc-cni-addon&step=3` for a library scenario,
 * `#yaml=<base64url of the text>&step=3` for a pasted one. Step 0 is the state before step 1.
 */

export type PageLocation =
  | { readonly kind: 'library'; readonly id: string; readonly step: number }
  | { readonly kind: 'pasted'; readonly text: string; readonly step: number };

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(b64: string): string | undefined {
  try {
    const bin = atob(b64.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

export function formatHash(loc: PageLocation): string {
  const step = `step=${loc.step}`;
  if (loc.kind === 'library') return `#scenario=${encodeURIComponent(loc.id).replace(/%2F/g, '/')}&${step}`;
  return `#yaml=${toBase64Url(loc.text)}&${step}`;
}

/** The location in a hash; undefined when it names nothing readable. */
export function parseHash(hash: string): PageLocation | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const stepText = params.get('step');
  const n = stepText === null ? 0 : Number.parseInt(stepText, 10);
  const step = Number.isFinite(n) && n >= 0 ? n : 0;
  const id = params.get('scenario');
  if (id) return { kind: 'library', id, step };
  const yaml = params.get('yaml');
  if (yaml) {
    const text = fromBase64Url(yaml);
    if (text !== undefined) return { kind: 'pasted', text, step };
  }
  return undefined;
}
