import type { Rule } from 'eslint';

declare const serverLayers: Rule.RuleModule;
export default serverLayers;
