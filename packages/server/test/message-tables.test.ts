import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every word table the server writes from, in its three languages: each object literal of the
 * server and the contract that names a text by language (`zh_CN`/`en_US`/`zh_HK` in message tables
 * and documents, `zh`/`en`/`hk` in workbook headers and sheet names) carries all three, none blank,
 * with the same `{placeholders}`. Read from the source, so a table nobody registers is checked too.
 */
const PACKAGES = resolve(import.meta.dirname, '..', '..');
const ROOTS = [join(PACKAGES, 'server', 'src'), join(PACKAGES, 'api-contract', 'src')];
const SHAPES = [
  ['zh_CN', 'en_US', 'zh_HK'],
  ['zh', 'en', 'hk'],
] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

function propertyName(property: ts.ObjectLiteralElementLike): string | undefined {
  if (!ts.isPropertyAssignment(property)) return undefined;
  const { name } = property;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** A literal text (a string or a template without substitutions), else undefined. */
function literal(node: ts.Expression): string | undefined {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

interface Table {
  where: string;
  texts: Record<string, ts.Expression | undefined>;
}

/** Object literals with the first two keys of a shape whose values are texts or texts by key. */
function tables(file: string): Array<{ shape: (typeof SHAPES)[number]; table: Table }> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Array<{ shape: (typeof SHAPES)[number]; table: Table }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const values = new Map<string, ts.Expression>();
      for (const property of node.properties) {
        const name = propertyName(property);
        if (name !== undefined && ts.isPropertyAssignment(property)) values.set(name, property.initializer);
      }
      for (const shape of SHAPES) {
        const [first, second] = [values.get(shape[0]), values.get(shape[1])];
        const textual = (e: ts.Expression | undefined) =>
          e !== undefined && (literal(e) !== undefined || ts.isObjectLiteralExpression(e));
        if (textual(first) && textual(second)) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          found.push({
            shape,
            table: {
              where: `${relative(PACKAGES, file)}:${line + 1}`,
              texts: Object.fromEntries(shape.map((key) => [key, values.get(key)])),
            },
          });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The texts of one language: itself, or each key of a per-language block (documents' Texts). */
function textsOf(expression: ts.Expression | undefined): Map<string, string> | undefined {
  if (!expression) return undefined;
  const text = literal(expression);
  if (text !== undefined) return new Map([['', text]]);
  if (!ts.isObjectLiteralExpression(expression)) return undefined;
  const texts = new Map<string, string>();
  for (const property of expression.properties) {
    const name = propertyName(property);
    const value = ts.isPropertyAssignment(property) ? literal(property.initializer) : undefined;
    if (name !== undefined && value !== undefined) texts.set(name, value);
  }
  return texts;
}

const ALL = ROOTS.flatMap(sourceFiles).flatMap(tables);

describe('word tables', () => {
  it('are found in the message tables, documents and workbooks', () => {
    // A floor, so that a change in how tables are written cannot make this test check nothing.
    expect(ALL.filter((t) => t.shape[0] === 'zh_CN').length).toBeGreaterThan(400);
    expect(ALL.filter((t) => t.shape[0] === 'zh').length).toBeGreaterThan(90);
    expect(ALL.some((t) => t.table.where.startsWith('server/src/documents/language.ts'))).toBe(true);
  });

  it('carry every language, none blank, with the same placeholders', () => {
    const problems: string[] = [];
    for (const { shape, table } of ALL) {
      const [reference, ...others] = shape.map((key) => ({ key, texts: textsOf(table.texts[key]) }));
      if (!reference?.texts) continue;
      for (const other of [reference, ...others]) {
        if (!other.texts) {
          problems.push(`${table.where}: no ${other.key}`);
          continue;
        }
        for (const [key, text] of reference.texts) {
          const translated = other.texts.get(key);
          const where = `${table.where}${key ? ` ${key}` : ''} ${other.key}`;
          if (translated === undefined || translated.trim() === '') problems.push(`${where}: blank`);
          else if (placeholders(translated).join() !== placeholders(text).join())
            problems.push(`${where}: placeholders ${placeholders(translated)} vs ${placeholders(text)}`);
        }
        if (other.texts.size !== reference.texts.size)
          problems.push(`${table.where} ${other.key}: keys differ`);
      }
    }
    expect(problems).toEqual([]);
  });
});
