import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The web API convention (docs/ARCHITECTURE.md): every query key comes from a key factory (a feature's `keys.ts` or
 * the factory in its `api.ts`; lib/ for a key several features share), used by the hooks and by the invalidations
 * alike. A key written out as an array where a query is named, in one place only, is how a hook and the invalidation
 * meant for it drift apart, and a save silently stops refreshing a list. The sources are parsed (not searched as
 * text), so comments, strings and types never count.
 */

const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Query-client methods whose first argument is a query key. */
const KEY_FIRST_METHODS = new Set(['setQueryData', 'getQueryData', 'getQueryState', 'setQueryDefaults', 'getQueryDefaults']);

/** The array literal an expression is (through parentheses, `as const`, `satisfies`, either branch of `?:`), if any. */
function arrayLiterals(node: ts.Expression): ts.ArrayLiteralExpression[] {
  if (ts.isArrayLiteralExpression(node)) return [node];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return arrayLiterals(node.expression);
  if (ts.isConditionalExpression(node)) return [...arrayLiterals(node.whenTrue), ...arrayLiterals(node.whenFalse)];
  return [];
}

/** `line:column  text` of every query key written as an array literal in a source: `queryKey: […]`, `setQueryData([…], …)`. */
function inlineQueryKeys(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${line + 1}:${character + 1}  ${node.getText(source).replace(/\s+/g, ' ')}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'queryKey') {
      arrayLiterals(node.initializer).forEach(report);
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && KEY_FIRST_METHODS.has(node.expression.name.text)) {
      const [first] = node.arguments;
      if (first) arrayLiterals(first).forEach(report);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The app's source files under `dir` (tests and test data write their own ad-hoc keys, and are left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/^test-data\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('query keys come from key factories', () => {
  it('finds a query key written as an array literal, and nothing in a factory, a comment, a string or a type', () => {
    const text = [
      "export const thingKeys = { all: ['things'] as const, one: (id: number) => [...thingKeys.all, 'one', id] as const };",
      "// queryKey: ['in', 'a', 'comment']",
      'const note = "queryKey: [\'in a string\']";',
      'type Options = { queryKey: [string, number] };',
      'useQuery({ queryKey: thingKeys.one(1), queryFn });',
      "useQuery({ queryKey: ['things', 'one', 1], queryFn });",
      "client.invalidateQueries({ queryKey: ready ? thingKeys.all : (['things'] as const) });",
      "client.setQueryData(['things', 'one', 2], saved);",
    ].join('\n');
    expect(inlineQueryKeys('sample.ts', text)).toEqual(["6:22  ['things', 'one', 1]", "7:63  ['things']", "8:21  ['things', 'one', 2]"]);
  });

  it('no source file of the web app writes a query key as an array literal', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      // Only a file that names a query key can write one: the others need no parse.
      if (!/queryKey|Query(?:Data|State|Defaults)\b/.test(text)) return [];
      return inlineQueryKeys(file, text).map((at) => `${path.relative(SRC, file).split(path.sep).join('/')}:${at}`);
    });
    expect(offenders).toEqual([]);
  });
});
