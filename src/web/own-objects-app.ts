/**
 * The page's "Your own objects" panel and the file opening of "Paste your own…": text from a
 * textarea, a dropped file or a file picker, read with FileReader in the page (never sent
 * anywhere), then readOwnObjects / runOwnPreview for the answers and render-own-objects.ts for
 * the HTML. The scenario part of the page (app.ts) is untouched: the panel hides it while open.
 */
import { byId } from './app.js';
import { esc } from './html.js';
import { PASTED_DUMP, PASTED_SCHEMA, type OwnObjects, readOwnObjects, type SchemaText, withSchemaText } from './own-objects.js';
import { type OwnPreview, PASTED_MANIFEST, runOwnPreview } from './own-preview.js';
import { renderOwnEntry, renderOwnObjects, renderOwnPreview, renderPreviewObject } from './render-own-objects.js';

/** Files dropped on `area` or chosen with `picker`, all of them, in the order given, to `take`. */
function acceptDrops(area: HTMLTextAreaElement, picker: HTMLInputElement, take: (files: File[]) => void): void {
  picker.addEventListener('change', () => {
    take([...(picker.files ?? [])]);
    picker.value = '';
  });
  area.addEventListener('dragover', (ev) => {
    if (!ev.dataTransfer?.types.includes('Files')) return;
    ev.preventDefault();
    area.classList.add('drop-target');
  });
  area.addEventListener('dragleave', () => area.classList.remove('drop-target'));
  area.addEventListener('drop', (ev) => {
    area.classList.remove('drop-target');
    const files = [...(ev.dataTransfer?.files ?? [])];
    if (files.length === 0) return;
    ev.preventDefault();
    take(files);
  });
}

/**
 * Text put into `area` by a drop on it or by the file `picker`; `onFile` hears the file's name
 * (the name its errors carry). Typing or pasting leaves the name to the caller.
 */
export function acceptFiles(area: HTMLTextAreaElement, picker: HTMLInputElement, onFile: (name: string) => void): void {
  acceptDrops(area, picker, ([file]) => {
    if (!file) return;
    void file.text().then((text) => {
      area.value = text;
      onFile(file.name);
    });
  });
}

/** Every file dropped on `area` or chosen with the (multiple) `picker`, read, to `onFiles`. */
function acceptManyFiles(area: HTMLTextAreaElement, picker: HTMLInputElement, onFiles: (files: SchemaText[]) => void): void {
  acceptDrops(area, picker, (files) => {
    if (files.length === 0) return;
    void Promise.all(files.map(async (f) => ({ name: f.name, text: await f.text() }))).then(onFiles);
  });
}

/** RFC 3339 in UTC without fractions, as kubectl's times are written. */
function nowText(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function startOwnObjects(): void {
  const el = {
    toggle: byId<HTMLButtonElement>('own-toggle'),
    panel: byId('own-panel'),
    app: byId('app'),
    text: byId<HTMLTextAreaElement>('own-text'),
    file: byId<HTMLInputElement>('own-file'),
    show: byId<HTMLButtonElement>('own-show'),
    close: byId<HTMLButtonElement>('own-close'),
    result: byId('own-result'),
    previewPanel: byId('own-preview-panel'),
    manifest: byId<HTMLTextAreaElement>('own-manifest'),
    manifestFile: byId<HTMLInputElement>('own-manifest-file'),
    manager: byId<HTMLInputElement>('own-manager'),
    clientSide: byId<HTMLInputElement>('own-client-side'),
    serverSide: byId<HTMLInputElement>('own-server-side'),
    force: byId<HTMLInputElement>('own-force'),
    run: byId<HTMLButtonElement>('own-preview-run'),
    previewResult: byId('own-preview-result'),
    pasteText: byId<HTMLTextAreaElement>('paste-text'),
    pasteFile: byId<HTMLInputElement>('paste-file'),
    pasteRun: byId<HTMLButtonElement>('paste-run'),
    schemas: byId<HTMLDetailsElement>('own-schemas'),
    schemaText: byId<HTMLTextAreaElement>('own-schema-text'),
    schemaFile: byId<HTMLInputElement>('own-schema-file'),
    schemaFiles: byId('own-schema-files'),
    schemaCount: byId('own-schema-count'),
  };
  let dumpName = PASTED_DUMP;
  let manifestName = PASTED_MANIFEST;
  let own: OwnObjects | undefined;
  let shownPreview: OwnPreview | undefined;
  // Opened schema files in the order opened, then the pasted schema text (as --schema FILE... reads them).
  let schemaFiles: SchemaText[] = [];
  const schemas = (): SchemaText[] => (el.schemaText.value.trim() === '' ? schemaFiles : withSchemaText(schemaFiles, { name: PASTED_SCHEMA, text: el.schemaText.value }));

  const open = (yes: boolean) => {
    el.panel.hidden = !yes;
    el.app.hidden = yes;
    el.toggle.setAttribute('aria-expanded', String(yes));
    if (yes) el.text.focus();
  };
  el.toggle.addEventListener('click', () => open(el.panel.hidden));
  el.close.addEventListener('click', () => {
    open(false);
    el.toggle.focus();
  });

  const show = () => {
    own = readOwnObjects(el.text.value, dumpName, schemas());
    // A kind no schema declares: open the place to give its CRD or schema.
    if (own.unknownKind) el.schemas.open = true;
    el.result.innerHTML = renderOwnObjects(own);
    el.previewPanel.hidden = own.problem !== undefined;
    el.previewResult.innerHTML = '';
    shownPreview = undefined;
  };
  el.show.addEventListener('click', show);
  el.text.addEventListener('input', () => (dumpName = PASTED_DUMP));
  acceptFiles(el.text, el.file, (name) => {
    dumpName = name;
    show();
  });

  const listSchemas = () => {
    const n = schemas().length;
    el.schemaCount.textContent = n === 0 ? '' : `(${n} given)`;
    el.schemaFiles.innerHTML = schemaFiles
      .map((f, i) => `<li>${esc(f.name)} <button type="button" data-remove-schema="${i}" aria-label="Remove ${esc(f.name)}">Remove</button></li>`)
      .join('');
  };
  // A schema given or taken away changes the answers already shown.
  const schemasChanged = () => {
    listSchemas();
    if (own) show();
  };
  acceptManyFiles(el.schemaText, el.schemaFile, (files) => {
    for (const f of files) schemaFiles = withSchemaText(schemaFiles, f);
    schemasChanged();
  });
  el.schemaText.addEventListener('change', schemasChanged);
  el.schemaFiles.addEventListener('click', (ev) => {
    const b = (ev.target as HTMLElement).closest<HTMLButtonElement>('button[data-remove-schema]');
    if (!b) return;
    schemaFiles = schemaFiles.filter((_, i) => i !== Number(b.dataset.removeSchema));
    schemasChanged();
    el.schemaFile.focus();
  });

  // An entry of the history gets its FieldsV1 keys when first opened ('toggle' does not bubble).
  el.result.addEventListener(
    'toggle',
    (ev) => {
      const d = ev.target as HTMLDetailsElement;
      const body = d.querySelector('.entry-body');
      const object = d.closest<HTMLElement>('[data-own-object]')?.dataset.ownObject;
      if (!own || !d.open || !body || body.childElementCount > 0 || object === undefined) return;
      body.innerHTML = renderOwnEntry(own, Number(object), Number(d.dataset.ownEntry));
    },
    true,
  );

  const syncForce = () => {
    el.force.disabled = el.clientSide.checked;
    if (el.force.disabled) el.force.checked = false;
  };
  el.clientSide.addEventListener('change', syncForce);
  el.serverSide.addEventListener('change', syncForce);
  el.manifest.addEventListener('input', () => (manifestName = PASTED_MANIFEST));
  acceptFiles(el.manifest, el.manifestFile, (name) => (manifestName = name));
  el.run.addEventListener('click', () => {
    if (!own || own.problem) return;
    shownPreview = runOwnPreview(own, {
      manifestText: el.manifest.value,
      manifestName,
      fieldManager: el.manager.value,
      clientSide: el.clientSide.checked,
      force: el.force.checked,
      now: nowText(),
    });
    el.previewResult.innerHTML = renderOwnPreview(shownPreview);
  });
  // A folded run of lines in an object after the preview: show the whole object.
  el.previewResult.addEventListener('click', (ev) => {
    const b = (ev.target as HTMLElement).closest('button.show-all');
    const section = b?.closest<HTMLElement>('[data-preview-object]');
    if (!b || !section || !shownPreview) return;
    const index = Number(section.dataset.previewObject);
    section.outerHTML = renderPreviewObject(shownPreview.whole(index), index);
  });

  // "Paste your own…" opens files too, such as a session recorded by `ssa-sim serve --record`.
  acceptFiles(el.pasteText, el.pasteFile, () => el.pasteRun.click());
}
