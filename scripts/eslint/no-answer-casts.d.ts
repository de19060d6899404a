import type { Rule } from 'eslint';

declare const noAnswerCasts: Rule.RuleModule;
export default noAnswerCasts;
