// Worker code is TypeScript in modules of its own, type-checked and compiled with the rest, and
// every worker starts through shared/startWorker.ts (which runs those modules from dist/ and from the
// sources alike). Source text for a worker, in a string run with `eval`, is none of that.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.join(__dirname, '../..');
/** The compiled tree's source files (tsconfig.build.json): every production module. */
const productionFiles = (() => {
  const config = ts.readConfigFile(path.join(root, 'tsconfig.build.json'), ts.sys.readFile);
  return ts
    .parseJsonConfigFileContent(config.config, ts.sys, root)
    .fileNames.filter((file) => !file.includes('/prisma/generated/'));
})();
const relative = (file: string) => path.relative(root, file);
/** The one module allowed to start threads, with its few lines of TypeScript-hook bootstrap. */
const STARTER = 'shared/startWorker.ts';

/** What marks thread code: loading modules, or talking to a parent thread. */
const THREAD_CODE = /\brequire\(|\bparentPort\b|\bworkerData\b|\bimport\(/;

/** Template literals of `file` that read like thread code: they load modules or talk to a parent thread. */
function workerLikeTemplates(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  if (!text.includes('`') || !THREAD_CODE.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      if (THREAD_CODE.test(node.getText(source))) {
        found.push(`${relative(file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('worker code', () => {
  it('the scan sees the production tree, workers included', () => {
    const files = productionFiles.map(relative);
    expect(files).toEqual(
      expect.arrayContaining([
        STARTER,
        'prisma/pgliteWorker.ts',
        'signature-aggregator/bls/blsWorker.ts',
        'demo-data/credentialsWorker.ts',
      ]),
    );
    expect(files.some((file) => file.startsWith('test/'))).toBe(false);
  });

  it('no production module holds thread code in a template string', () => {
    expect(productionFiles.filter((file) => relative(file) !== STARTER).flatMap(workerLikeTemplates)).toEqual([]);
  });

  it('threads start only through shared/startWorker.ts, and only it evaluates source', () => {
    const offenders = productionFiles
      .filter((file) => relative(file) !== STARTER)
      .filter((file) => /new Worker\(|\beval:\s*true\b/.test(readFileSync(file, 'utf8')))
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it('the check finds a worker source written as a template string', () => {
    const sample = path.join(root, 'test/shared/support/workerSourceSample.ts');
    expect(workerLikeTemplates(sample).length).toBeGreaterThan(0);
  });
});
