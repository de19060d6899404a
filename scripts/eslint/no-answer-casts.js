import path from 'node:path';

/**
 * Answers are typed by their declared call (decision 0019), never by a cast
 * (docs/architecture.md, "API calls"; docs/offline.md, "The outbox"). In the
 * web app (packages/web/src) this refuses:
 *
 * - a cast (`x as T`, `<T>x`) to a type that names anything imported from
 *   `@flightline/domain/api/...`: the answers' types (FlightCreated,
 *   FlightRecord, …), AnswerOf, InputOf;
 * - a cast of what came over the wire, whatever the type: an outbox outcome's
 *   or a response's `.body` (`outcome.body as X`, `(entry.body.data ?? {}) as X`),
 *   a `.json()`, or what `call()` / `callFile()` answer;
 * - in the outbox (src/lib/outbox/), an API path written as a string
 *   ('/update-flight/', '/api/create-tow/'): an entry names its declared
 *   call ('POST /api/update-flight/'), and the transport takes method and URL
 *   from it.
 *
 * `as const` is not a cast of a type and is left alone.
 */

const API_MODULE = /^@flightline\/domain\/api\//;
/** A path under /api as the outbox used to write them: '/update-item/', '/api/session'. */
const API_PATH = /^\/(api\/)?[a-z]+(-[a-z]+)*\/?$/;
const WIRE_CALLS = new Set(['call', 'callFile']);

/** The names a type mentions (Foo, Foo.Bar's Foo, Foo<Bar>'s both, AnswerOf<typeof x>'s AnswerOf). */
function typeNames(node, names = []) {
  if (!node || typeof node !== 'object') return names;
  if (node.type === 'TSTypeReference') {
    let name = node.typeName;
    while (name.type === 'TSQualifiedName') name = name.left;
    if (name.type === 'Identifier') names.push(name.name);
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (Array.isArray(value)) value.forEach((child) => typeNames(child, names));
    else if (value && typeof value === 'object' && typeof value.type === 'string') typeNames(value, names);
  }
  return names;
}

/** What a cast's operand reads from the wire, if anything: '.body', '.json()', 'call()'. */
function wireSource(node) {
  switch (node?.type) {
    case 'MemberExpression':
      if (!node.computed && node.property.type === 'Identifier' && node.property.name === 'body') return '.body';
      return wireSource(node.object);
    case 'ChainExpression':
    case 'TSNonNullExpression':
    case 'AwaitExpression':
      return wireSource(node.expression ?? node.argument);
    case 'LogicalExpression':
      return wireSource(node.left) ?? wireSource(node.right);
    case 'ConditionalExpression':
      return wireSource(node.consequent) ?? wireSource(node.alternate);
    case 'CallExpression': {
      const callee = node.callee;
      if (callee.type === 'Identifier' && WIRE_CALLS.has(callee.name)) return `${callee.name}()`;
      if (
        callee.type === 'MemberExpression' &&
        !callee.computed &&
        callee.property.type === 'Identifier' &&
        callee.property.name === 'json'
      )
        return '.json()';
      return callee.type === 'MemberExpression' ? wireSource(callee.object) : null;
    }
    default:
      return null;
  }
}

const isConst = (annotation) =>
  annotation.type === 'TSTypeReference' &&
  annotation.typeName.type === 'Identifier' &&
  annotation.typeName.name === 'const';

const noAnswerCasts = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Forbid casting an API answer in the web app, and writing an API path ' +
        "in the outbox: both come from the call's declaration",
    },
    schema: [],
    messages: {
      castToDeclared:
        "Cast to '{{name}}' (from {{source}}): an answer is typed by its declared call — call(), " +
        "or the outbox's outcome — never by a cast. Narrow it with a check instead.",
      castOfWire:
        'Cast of {{what}}: an answer is typed by its declared call — call(), or the ' +
        "outbox's outcome — never by a cast. Narrow it with a check instead.",
      pathInOutbox:
        "API path '{{path}}' in the outbox: an entry names its declared call ('POST " +
        "/api/update-flight/'); method and URL come from the declaration.",
    },
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const at = file.lastIndexOf('/packages/web/src/');
    if (at < 0) return {};
    const inOutbox = file.slice(at).startsWith('/packages/web/src/lib/outbox/');
    /** Local name → module, for everything imported from the declared calls' modules. */
    const declared = new Map();

    function checkCast(node) {
      if (isConst(node.typeAnnotation)) return;
      const name = typeNames(node.typeAnnotation).find((n) => declared.has(n));
      if (name) {
        context.report({ node, messageId: 'castToDeclared', data: { name, source: declared.get(name) } });
        return;
      }
      const what = wireSource(node.expression);
      if (what) context.report({ node, messageId: 'castOfWire', data: { what } });
    }

    function checkPath(node, text) {
      if (inOutbox && API_PATH.test(text)) context.report({ node, messageId: 'pathInOutbox', data: { path: text } });
    }

    return {
      ImportDeclaration(node) {
        if (typeof node.source.value !== 'string' || !API_MODULE.test(node.source.value)) return;
        for (const specifier of node.specifiers) declared.set(specifier.local.name, node.source.value);
      },
      TSAsExpression: checkCast,
      TSTypeAssertion: checkCast,
      Literal(node) {
        if (
          typeof node.value === 'string' &&
          node.parent?.type !== 'ImportDeclaration' &&
          node.parent?.type !== 'ImportExpression'
        )
          checkPath(node, node.value);
      },
      TemplateElement(node) {
        checkPath(node, node.value.cooked ?? node.value.raw);
      },
    };
  },
};

export default noAnswerCasts;
