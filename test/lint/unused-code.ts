// The lint's other half: nothing left that nothing uses. ESLint's rules see one file at a time; this builds the
// whole program with TypeScript's compiler API and reports every export that no other file imports and its own
// file does not use either, every module no other file imports, and every runtime dependency no module imports.
// Entry points (the CLI, Electron's entries, workers, configs, tests) are exempt.
// Usage: node test/lint/unused-code.ts (npm run lint runs it); exits 1 and lists them when there are any.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../..');
const FOLDERS = ['src-main', 'src-renderer', 'src-shared', 'test'];
const ENTRIES = [
  /^src-main\/(cli|index|launch-desktop)\.ts$/,
  /^src-main\/api\/openapi\/write\.ts$/,
  /^src-main\/preload\/index\.ts$/,
  /^src-main\/documents\/worker\.ts$/,
  /^src-main\/store\/writer-worker\.ts$/,
  /^src-main\/store\/backup-worker\.ts$/,
  /^src-renderer\/(main\.tsx|print-view\.ts)$/,
  /^test\/.*\.(test|e2e)\.ts$/,
  /^test\/(bench|lint|tools)\/[^/]+\.ts$/,
  /^test\/reliability\/soak\.ts$/,
  /^test\/helpers\/(crashing-document-worker|setup|postgres-setup)\.ts$/,
  /^test\/(vitest\.config|e2e\/playwright\.config|e2e\/global-setup)\.ts$/,
  /^electron\.vite\.config\.ts$/,
];

function files(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === 'node_modules' ? [] : files(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const ours = [...FOLDERS.flatMap(files), 'electron.vite.config.ts'];
const program = ts.createProgram({
  rootNames: ours.map((file) => join(ROOT, file)),
  options: {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    resolveJsonModule: true,
    jsx: ts.JsxEmit.ReactJSX,
    noEmit: true,
    skipLibCheck: true,
    types: ['node', 'vite/client'],
  },
});
const checker = program.getTypeChecker();
const sourceFiles = ours.map((file) => program.getSourceFile(join(ROOT, file))!).filter(Boolean);

/** The symbol an alias (an import, a re-export) finally names. */
const target = (symbol: ts.Symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);

// Every symbol another file imports, re-exports or reaches through a namespace or dynamic import.
const used = new Set<ts.Symbol>();
const importedFiles = new Set<string>();
const importedPackages = new Set<string>();
const noteModule = (specifier: ts.Expression) => {
  if (!ts.isStringLiteral(specifier)) return;
  if (!specifier.text.startsWith('.'))
    importedPackages.add(
      specifier.text
        .split('/')
        .slice(0, specifier.text.startsWith('@') ? 2 : 1)
        .join('/'),
    );
  const declaration = checker.getSymbolAtLocation(specifier)?.declarations?.[0];
  if (declaration && ts.isSourceFile(declaration)) importedFiles.add(declaration.fileName);
};
const useModule = (specifier: ts.Expression) => {
  const module = checker.getSymbolAtLocation(specifier);
  if (module) for (const symbol of checker.getExportsOfModule(module)) used.add(target(symbol));
};
for (const file of sourceFiles) {
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier) noteModule(node.moduleSpecifier);
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      const names: ts.Node[] = [];
      if (clause?.name) names.push(clause.name);
      if (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings) && node.moduleSpecifier) useModule(node.moduleSpecifier);
      if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings))
        names.push(...clause.namedBindings.elements.map((element) => element.name));
      if (ts.isExportDeclaration(node)) {
        if (!node.exportClause && node.moduleSpecifier) useModule(node.moduleSpecifier);
        else if (node.exportClause && ts.isNamedExports(node.exportClause))
          names.push(...node.exportClause.elements.map((element) => element.name));
      }
      for (const name of names) {
        const symbol = checker.getSymbolAtLocation(name);
        if (symbol) used.add(target(symbol));
      }
    }
    // A package's file found with require.resolve (assets served as they are, e.g. the API reference's viewer) uses it.
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'resolve' &&
      node.arguments[0]
    )
      noteModule(node.arguments[0]);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0]) {
      noteModule(node.arguments[0]);
      useModule(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

/** Whether the file itself uses the symbol somewhere beside its declaration. */
function usedInOwnFile(file: ts.SourceFile, symbol: ts.Symbol): boolean {
  const declarations = new Set(symbol.declarations?.map((declaration) => (declaration as ts.NamedDeclaration).name).filter(Boolean));
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isIdentifier(node) && !declarations.has(node) && node.text === symbol.name) {
      const at = checker.getSymbolAtLocation(node);
      if (at && (at === symbol || target(at) === symbol)) found = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const unused: string[] = [];
for (const file of sourceFiles) {
  const path = relative(ROOT, file.fileName);
  if (ENTRIES.some((entry) => entry.test(path))) continue;
  if (!importedFiles.has(file.fileName)) {
    unused.push(`${path}: the whole module (nothing imports it)`);
    continue;
  }
  const module = checker.getSymbolAtLocation(file);
  if (!module) continue;
  for (const exported of checker.getExportsOfModule(module)) {
    const symbol = target(exported);
    if (used.has(symbol) || usedInOwnFile(file, symbol)) continue;
    unused.push(`${path}: ${exported.name}`);
  }
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
for (const name of Object.keys(manifest.dependencies)) {
  if (!importedPackages.has(name)) unused.push(`package.json: the dependency ${name} (no module imports it)`);
}

if (unused.length > 0) {
  console.error(`Code nothing uses (remove them, or stop exporting them):\n${unused.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(`unused exports, modules and dependencies: none in ${sourceFiles.length} files`);
