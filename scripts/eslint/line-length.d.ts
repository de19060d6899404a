import type { Rule } from 'eslint';

declare const lineLength: Rule.RuleModule;
export default lineLength;
