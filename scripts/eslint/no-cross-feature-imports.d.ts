import type { Rule } from 'eslint';

declare const noCrossFeatureImports: Rule.RuleModule;
export default noCrossFeatureImports;
