import path from 'node:path';

/**
 * The web app's boundaries (docs/architecture.md): a feature under src/features/<name>/
 * imports its own files, src/lib, src/components and @flightline/domain, never
 * another feature; src/lib and src/components import no feature. Only src/app
 * (the router) puts features together. Relative paths are resolved, so
 * '../../features/x/y.ts' is caught at any depth.
 */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Forbid a web feature importing another feature, and lib/ or components/ importing a feature',
    },
    schema: [],
    messages: {
      crossFeature:
        "Feature '{{from}}' imports '{{source}}' from feature '{{to}}': " +
        'move what both need to src/lib or src/components.',
      kernelImportsFeature:
        "src/{{from}} imports '{{source}}' from feature '{{to}}': lib and components must not depend on a feature.",
    },
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const at = file.lastIndexOf('/packages/web/src/');
    if (at < 0) return {};
    const src = file.slice(0, at + '/packages/web/src/'.length);
    const area = (absolute) => {
      const [top, second] = absolute.slice(src.length).split('/');
      return { top, feature: top === 'features' ? second : undefined };
    };
    const from = area(file);
    if (!(from.top === 'features' || from.top === 'lib' || from.top === 'components')) return {};
    function check(node) {
      const source = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
      if (!source?.startsWith('.')) return;
      const target = path.posix.resolve(path.posix.dirname(file), source);
      if (!target.startsWith(src)) return;
      const to = area(target);
      if (to.top !== 'features' || to.feature === undefined) return;
      if (from.top === 'features' && to.feature !== from.feature) {
        context.report({ node, messageId: 'crossFeature', data: { from: from.feature, to: to.feature, source } });
      } else if (from.top !== 'features') {
        context.report({ node, messageId: 'kernelImportsFeature', data: { from: from.top, to: to.feature, source } });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default noCrossFeatureImports;
