import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** What a column's TypeScript says a select returns. */
export type Family = 'string' | 'number' | 'boolean' | 'Date' | 'bytes' | 'string[]' | 'json';

export interface DeclaredColumn {
  /** The select type admits null. */
  nullable: boolean;
  family: Family | `unsupported: ${string}`;
  /**
   * required: an insert must name it; optional: it may leave it out; never: it may not name it (the database writes
   * it).
   */
  insert: 'required' | 'optional' | 'never';
}

/** Table → column → declaration, as the `DB` interface of a Kysely schema file declares them. */
export type DeclaredSchema = Map<string, Map<string, DeclaredColumn>>;

export const SCHEMA_FILE = fileURLToPath(new URL('../../src/db/schema.ts', import.meta.url));
const SERVER_TSCONFIG = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

/**
 * Read the `DB` interface with the TypeScript compiler's type checker, so
 * aliases (`Defaulted<T>`, `Nullable<T>`, Kysely's `Generated<T>` and
 * `ColumnType<S, I, U>`) resolve as the compiler resolves them. `source`
 * replaces the file's text (the comparison's own test).
 */
export function readDeclaredSchema(file = SCHEMA_FILE, source?: string): DeclaredSchema {
  const config = ts.readConfigFile(SERVER_TSCONFIG, (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(SERVER_TSCONFIG));
  const host = ts.createCompilerHost(options);
  if (source !== undefined) {
    const target = resolve(file);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, language, ...rest) =>
      resolve(name) === target ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest);
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => resolve(name) === target || fileExists(name);
  }
  const program = ts.createProgram({ rootNames: [file], options, host });
  const errors = ts.getPreEmitDiagnostics(program);
  if (errors.length > 0) throw new Error(ts.formatDiagnostics(errors, host));
  const checker = program.getTypeChecker();
  const sourceFile = program.getSourceFile(file)!;
  const dbInterface = sourceFile.statements.find(
    (node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === 'DB',
  );
  if (!dbInterface) throw new Error(`${file} declares no interface DB`);

  const schema: DeclaredSchema = new Map();
  for (const table of checker.getTypeAtLocation(dbInterface).getProperties()) {
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getTypeOfSymbolAtLocation(table, dbInterface).getProperties()) {
      columns.set(
        column.name,
        declaredColumn(checker, checker.getTypeOfSymbolAtLocation(column, dbInterface), dbInterface),
      );
    }
    schema.set(table.name, columns);
  }
  return schema;
}

function declaredColumn(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): DeclaredColumn {
  // Kysely's ColumnType<S, I, U> is { __select__: S; __insert__: I; __update__: U }.
  const select = type.getProperty('__select__');
  const insert = type.getProperty('__insert__');
  const selectType = select ? checker.getTypeOfSymbolAtLocation(select, at) : type;
  const insertType = insert ? checker.getTypeOfSymbolAtLocation(insert, at) : type;
  const members = (t: ts.Type) => (t.isUnion() ? t.types : [t]);

  const nullable = members(selectType).some((t) => t.flags & ts.TypeFlags.Null);
  const families = new Set(
    members(selectType)
      .filter((t) => !(t.flags & ts.TypeFlags.Null))
      .map((t) => familyOf(checker, t)),
  );
  const family =
    families.size === 1 ? [...families][0]! : (`unsupported: ${checker.typeToString(selectType)}` as const);

  let insertRule: DeclaredColumn['insert'] = 'required';
  if (insertType.flags & ts.TypeFlags.Never) insertRule = 'never';
  else if (members(insertType).some((t) => t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)))
    insertRule = 'optional';
  return { nullable, family, insert: insertRule };
}

function familyOf(checker: ts.TypeChecker, type: ts.Type): DeclaredColumn['family'] {
  if (type.flags & ts.TypeFlags.StringLike) return 'string';
  if (type.flags & ts.TypeFlags.NumberLike) return 'number';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return 'json';
  if (type.flags & ts.TypeFlags.Object) {
    const name = type.getSymbol()?.name;
    if (name === 'Date') return 'Date';
    if (name === 'Uint8Array') return 'bytes';
    if (checker.isArrayType(type)) {
      const element = checker.getTypeArguments(type as ts.TypeReference)[0];
      return element && familyOf(checker, element) === 'string' ? 'string[]' : 'json';
    }
    return 'json';
  }
  return `unsupported: ${checker.typeToString(type)}`;
}

/** A column as information_schema.columns describes it. */
export interface DatabaseColumn {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
  udt_name: string;
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  identity_generation: 'ALWAYS' | 'BY DEFAULT' | null;
}

/**
 * What each PostgreSQL type reaches the code as, through our engines
 * (db/engine.ts): bigint as a number (refusing inexact ones), date as
 * 'YYYY-MM-DD' text; numeric and xid8 stay text on both engines.
 */
export const SELECTED_AS: Record<string, Family[]> = {
  text: ['string'],
  varchar: ['string'],
  bpchar: ['string'],
  uuid: ['string'],
  numeric: ['string'],
  xid8: ['string'],
  date: ['string'],
  int2: ['number'],
  int4: ['number'],
  int8: ['number'],
  float4: ['number'],
  float8: ['number'],
  bool: ['boolean'],
  timestamptz: ['Date'],
  bytea: ['bytes'],
  _text: ['string[]'],
  jsonb: ['json', 'string[]'],
};

export interface Allowances {
  /** Tables of the database the schema leaves out on purpose (table → why). */
  tablesLeftOut: Record<string, string>;
  /** Columns of the database the schema leaves out on purpose ('table.column' → why). */
  columnsLeftOut: Record<string, string>;
  /** Not-null columns without a default that a BEFORE INSERT trigger fills ('table.column' → trigger name). */
  filledByTrigger: Record<string, string>;
}

/**
 * Every difference between the declared schema and the database, one line
 * each, naming table.column. Empty when they agree.
 */
export function compareSchema(
  declared: DeclaredSchema,
  database: DatabaseColumn[],
  beforeInsertTriggers: { table: string; trigger: string }[],
  allow: Allowances,
): string[] {
  const problems: string[] = [];
  const actual = new Map<string, Map<string, DatabaseColumn>>();
  for (const column of database) {
    const table = actual.get(column.table_name) ?? new Map<string, DatabaseColumn>();
    table.set(column.column_name, column);
    actual.set(column.table_name, table);
  }

  for (const table of [...actual.keys()].sort()) {
    if (declared.has(table)) continue;
    if (!(table in allow.tablesLeftOut))
      problems.push(`${table}: a table of the database that schema.ts does not declare`);
  }
  for (const table of Object.keys(allow.tablesLeftOut)) {
    if (!actual.has(table))
      problems.push(`${table}: listed as left out of schema.ts, but the database has no such table`);
  }

  for (const [table, columns] of [...declared].sort(([a], [b]) => a.localeCompare(b))) {
    const actualColumns = actual.get(table);
    if (!actualColumns) {
      problems.push(`${table}: declared in schema.ts, but the database has no such table`);
      continue;
    }
    for (const name of actualColumns.keys()) {
      const key = `${table}.${name}`;
      if (!columns.has(name) && !(key in allow.columnsLeftOut))
        problems.push(`${key}: a column of the database that schema.ts does not declare`);
    }
    for (const [name, declaredColumn] of columns) {
      const key = `${table}.${name}`;
      const column = actualColumns.get(name);
      if (!column) {
        problems.push(`${key}: declared in schema.ts, but the database has no such column`);
        continue;
      }
      problems.push(...compareColumn(key, declaredColumn, column, beforeInsertTriggers, allow));
    }
  }
  for (const key of Object.keys(allow.columnsLeftOut)) {
    const [table, name] = key.split('.') as [string, string];
    if (!actual.get(table)?.has(name))
      problems.push(`${key}: listed as left out of schema.ts, but the database has no such column`);
  }
  return problems;
}

function compareColumn(
  key: string,
  declared: DeclaredColumn,
  column: DatabaseColumn,
  beforeInsertTriggers: { table: string; trigger: string }[],
  allow: Allowances,
): string[] {
  const problems: string[] = [];
  const nullable = column.is_nullable === 'YES';
  if (nullable && !declared.nullable)
    problems.push(`${key}: nullable in the database; schema.ts's select type has no null`);
  if (!nullable && declared.nullable)
    problems.push(`${key}: not null in the database; schema.ts's select type admits null`);

  const families = SELECTED_AS[column.udt_name];
  if (!families)
    problems.push(`${key}: database type ${column.udt_name} has no known TypeScript family (add it to SELECTED_AS)`);
  else if (!families.includes(declared.family as Family)) {
    problems.push(
      `${key}: database type ${column.udt_name} is selected as ` +
        `${families.join(' or ')}; schema.ts declares ${declared.family}`,
    );
  }

  const generatedAlways = column.is_identity === 'YES' && column.identity_generation === 'ALWAYS';
  if (generatedAlways && declared.insert !== 'never') {
    problems.push(
      `${key}: generated always as identity, so the database refuses a written value; declare it GeneratedAlways<…>`,
    );
  }
  const hasDefault = column.column_default !== null || column.is_identity === 'YES';
  if (declared.insert !== 'required' && !nullable && !hasDefault) {
    const trigger = allow.filledByTrigger[key];
    const [table] = key.split('.') as [string];
    if (!trigger)
      problems.push(`${key}: not null with no default in the database; schema.ts lets an insert leave it out`);
    else if (!beforeInsertTriggers.some((t) => t.table === table && t.trigger === trigger)) {
      problems.push(
        `${key}: listed as filled by the trigger ${trigger}, but ${table} has no such BEFORE INSERT trigger`,
      );
    }
  }
  return problems;
}
