/**
 * Lines of at most `max` characters (120; docs/decisions/0025-one-formatter.md).
 * Prettier wraps code at that width but leaves a long string, comment or
 * template as it is; this rule catches those. Counted in characters (code
 * points), not bytes. A line is let through when it holds a regular
 * expression literal or a URL, which can't be broken without changing
 * them, or when only the {' '} Prettier's JSX fill puts at its end takes
 * it over. A test's data table, whose rows read best whole, is wrapped in
 * `/* eslint-disable flightline/line-length *\/ … /* eslint-enable … *\/`.
 */
const lineLength = {
  meta: {
    type: 'layout',
    docs: { description: 'Limit lines to a number of characters; regular expressions and URLs excepted' },
    schema: [{ type: 'object', properties: { max: { type: 'integer', minimum: 1 } }, additionalProperties: false }],
    messages: {
      tooLong: 'This line has {{length}} characters; the most is {{max}}. Break the string, comment or template.',
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 120;
    const source = context.sourceCode;
    return {
      Program() {
        const regexLines = new Set();
        for (const token of source.ast.tokens) {
          if (token.type === 'RegularExpression') {
            for (let line = token.loc.start.line; line <= token.loc.end.line; line++) regexLines.add(line);
          }
        }
        source.lines.forEach((text, index) => {
          const length = [...text].length;
          const line = index + 1;
          if (length <= max || regexLines.has(line) || /https?:\/\//.test(text)) return;
          // Prettier's JSX fill may end a full line with the {' '} that keeps a space between two elements.
          if (text.endsWith("{' '}") && length - "{' '}".length <= max) return;
          context.report({
            loc: { start: { line, column: 0 }, end: { line, column: text.length } },
            messageId: 'tooLong',
            data: { length, max },
          });
        });
      },
    };
  },
};

export default lineLength;
