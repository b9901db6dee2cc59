/**
 * `addon-check`: the upgrade matrix of an add-on across cluster states and resolveConflicts
 * modes (docs/addon-check.md). Built on the scenario runner, the actors and the API server.
 */
export * from './model.js';
export { builtinAddon, builtinAddonManifest, manifestAddon } from './addon-source.js';
export { parseCustomizations } from './customizations.js';
export { DEFAULT_CUSTOMIZATIONS, DEFAULT_CUSTOMIZATIONS_NAME } from './default-customizations.js';
export { runAddonCheck } from './check.js';
export { formatMarkdown, formatText } from './format-report.js';
