import path from 'node:path';

/**
 * The server's floors (docs/architecture.md, "The server's floors"): under
 * packages/server/src, the plumbing (http/, db/, auth/, mail/, push/, ... —
 * every entry not named otherwise) imports no module and nothing above them;
 * modules/ imports no entry of `above` (app.ts, app/, main.ts, cli/, seed/);
 * and a module imports only modules in a lower layer of `modules` (bottom
 * first), never one of its own layer or above — so there is no cycle between
 * modules. The files directly in modules/ (deps.ts, once.ts, ...) sit below
 * every module and import none; modules/register.ts, which registers them
 * all, sits above every module and is imported by none. A module not in the
 * list is reported: a new module is given its place. Relative paths are
 * resolved, so '../../modules/x/y.ts' is caught at any depth.
 */
const serverLayers = {
  meta: {
    type: 'problem',
    docs: { description: "Keep the server's imports pointing down: plumbing, the modules in their layers, the app" },
    schema: [
      {
        type: 'object',
        properties: {
          modules: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
          above: { type: 'array', items: { type: 'string' } },
        },
        required: ['modules', 'above'],
        additionalProperties: false,
      },
    ],
    messages: {
      plumbingImportsUp:
        "src/{{from}} is plumbing, below the modules: it imports '{{source}}' from {{to}}. " +
        'Pass what it needs in from app.ts.',
      moduleImportsApp: "Module code imports '{{source}}' from src/{{to}}, which sits above the modules.",
      moduleAbove:
        "Module '{{from}}' (layer {{mine}}) imports '{{source}}' from module '{{to}}' (layer {{theirs}}), above it: " +
        'a module imports only lower layers (docs/architecture.md).',
      sameLayer:
        "Module '{{from}}' imports '{{source}}' from module '{{to}}', in the same layer: neither imports the other. " +
        'Move what both need down, or pass it in from modules/register.ts.',
      kernelImportsModule: "modules/{{from}} sits below every module: it imports '{{source}}' from module '{{to}}'.",
      registerImported: "Only app.ts imports modules/register.ts, which sits above every module ('{{source}}').",
      unlisted: "Module '{{module}}' has no layer: add it to flightline/server-layers' modules in eslint.config.js.",
    },
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const at = file.lastIndexOf('/packages/server/src/');
    if (at < 0) return {};
    const src = file.slice(0, at + '/packages/server/src/'.length);
    const { modules: layers, above } = context.options[0];
    const layerOf = new Map(layers.flatMap((names, index) => names.map((name) => [name, index])));

    /** Where a file under src/ sits: its floor, and in modules/ its module (or 'kernel', 'register'). */
    const place = (absolute) => {
      const parts = absolute.slice(src.length).split('/');
      if (parts[0] === 'modules') {
        const own = parts.length === 2 ? (parts[1] === 'register.ts' ? 'register' : 'kernel') : parts[1];
        return { floor: 1, top: 'modules', module: own, name: parts[1] };
      }
      return { floor: above.includes(parts[0]) ? 2 : 0, top: parts[0] };
    };
    const from = place(file);
    const listed = (module) => module === 'kernel' || module === 'register' || layerOf.has(module);

    function check(node) {
      const source = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
      if (!source?.startsWith('.')) return;
      const target = path.posix.resolve(path.posix.dirname(file), source);
      if (!target.startsWith(src)) return;
      const to = place(target);
      const report = (messageId, data) => context.report({ node, messageId, data: { source, ...data } });
      if (from.floor === 0 && to.floor > 0) return report('plumbingImportsUp', { from: from.top, to: `src/${to.top}` });
      if (from.floor === 1 && to.floor === 2) return report('moduleImportsApp', { to: to.top });
      if (from.floor !== 1 || to.floor !== 1) return;
      if (from.module === to.module || from.module === 'register') return;
      if (to.module === 'register') return report('registerImported', {});
      if (to.module === 'kernel') return;
      if (from.module === 'kernel') return report('kernelImportsModule', { from: from.name, to: to.module });
      if (!listed(to.module)) return report('unlisted', { module: to.module });
      if (!listed(from.module)) return;
      const [mine, theirs] = [layerOf.get(from.module), layerOf.get(to.module)];
      const numbers = { mine: mine + 1, theirs: theirs + 1 };
      if (theirs > mine) report('moduleAbove', { from: from.module, to: to.module, ...numbers });
      else if (theirs === mine) report('sameLayer', { from: from.module, to: to.module });
    }
    return {
      Program(node) {
        if (from.floor !== 1 || listed(from.module)) return;
        context.report({ node, messageId: 'unlisted', data: { module: from.module } });
      },
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default serverLayers;
