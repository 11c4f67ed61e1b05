/**
 * Issue 30's lint rule (ADR 0078), run by `npm run lint`: no user-visible English literal outside the catalogs. In
 * web/src's components a text a reader sees is a Lingui macro (`<Trans>`, `t`, `msg`, `<Plural>`);
 * this script parses every .tsx/.ts file and fails on
 *   - JSX text with words outside a `<Trans>`-family element,
 *   - a string literal in a user-visible JSX attribute (aria-label, title, placeholder, alt, label…),
 *   - a string literal title or message given to `notify()` (the toasts),
 *   - a string literal for a user-visible property (`label: "Home"`, `title: "…"`) in an object.
 * Not user-visible and so left alone: class names, ids, URLs, data keys, the brand (SchoolRide),
 * and a line marked `// i18n-ignore: <why>` (e.g. a language's own name, a unit symbol).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const root = join(import.meta.dirname, "..");
const web = join(root, "web/src");

const TRANS_ELEMENTS = new Set(["Trans", "Plural", "Select", "SelectOrdinal"]);
const VISIBLE_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "title",
  "placeholder",
  "alt",
  "label",
  "description",
  "heading",
  "message",
  "hint",
  "emptyText",
  "confirmLabel",
  "cancelLabel",
  "submitLabel",
  "pendingLabel",
]);
const VISIBLE_PROPERTIES = new Set([
  "label",
  "title",
  "description",
  "heading",
  "message",
  "placeholder",
  "hint",
  "text",
]);
/** Words that are not a language's: the brand, symbols, acronyms (CSV), e-mail examples, class lists. */
const NOT_WORDS =
  /^(SchoolRide|[\s\p{P}\p{S}\d]*|[A-Z]{2,5}|[\w.+-]+@[\w.-]+|(?:[a-z0-9]*[-:/[][a-z0-9:[\]/.-]*(?:\s+|$))+)$/u;
/** The macros and descriptors whose object literal holds a message, not a literal (`msg({ message })`). */
const DESCRIPTOR_CALLS = new Set(["msg", "t", "defineMessage", "plural", "select", "selectOrdinal"]);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "locales" ? [] : files(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Whether a literal reads as words (two letters in a row), not the brand or punctuation. */
function isWords(text: string): boolean {
  const trimmed = text.trim();
  return /\p{L}{2}/u.test(trimmed) && !NOT_WORDS.test(trimmed);
}

/** An object literal that is a message descriptor: it has an `id`, or a macro (`msg({ … })`) takes it. */
function isDescriptor(object: ts.Node): boolean {
  if (!ts.isObjectLiteralExpression(object)) return false;
  if (object.properties.some((property) => property.name?.getText() === "id")) return true;
  const call = object.parent;
  return ts.isCallExpression(call) && DESCRIPTOR_CALLS.has(call.expression.getText());
}

function insideTrans(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxElement(parent) && TRANS_ELEMENTS.has(parent.openingElement.tagName.getText())) return true;
  }
  return false;
}

/** The user-visible literals of one file, each as `path:line "text"`. */
export function literalsOf(path: string): string[] {
  const source = readFileSync(path, "utf8");
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = source.split("\n");
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart()).line;
    if (/i18n-ignore/.test(lines[line] ?? "") || /i18n-ignore/.test(lines[line - 1] ?? "")) return;
    found.push(`${relative(root, path)}:${line + 1} "${text.trim().slice(0, 60)}"`);
  };
  const isStringLiteral = (node: ts.Node | undefined): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
    !!node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node));
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isWords(node.text) && !insideTrans(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent) && !insideTrans(node)) {
      // `{"Save"}`, `{busy ? "Saving…" : "Save"}`, `{name || "Unknown"}` as an element's child.
      const literals: ts.Node[] = [];
      const collect = (expression: ts.Node) => {
        if (ts.isParenthesizedExpression(expression)) collect(expression.expression);
        else if (ts.isConditionalExpression(expression)) [expression.whenTrue, expression.whenFalse].forEach(collect);
        else if (ts.isBinaryExpression(expression)) [expression.left, expression.right].forEach(collect);
        else if (isStringLiteral(expression) && isWords(expression.text)) literals.push(expression);
      };
      collect(node.expression);
      for (const literal of literals) report(literal, (literal as ts.StringLiteral).text);
    } else if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText())) {
      const value = node.initializer;
      const literal = value && ts.isJsxExpression(value) ? value.expression : value;
      if (isStringLiteral(literal) && isWords(literal.text)) report(node, literal.text);
    } else if (ts.isCallExpression(node) && node.expression.getText() === "notify") {
      for (const argument of node.arguments.slice(1))
        if (isStringLiteral(argument) && isWords(argument.text)) report(argument, argument.text);
    } else if (
      ts.isPropertyAssignment(node) &&
      !isDescriptor(node.parent) &&
      VISIBLE_PROPERTIES.has(node.name.getText()) &&
      isStringLiteral(node.initializer) &&
      isWords(node.initializer.text) &&
      /^[A-Z]|\s/.test(node.initializer.text)
    )
      report(node, node.initializer.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every user-visible literal in web/src. */
export function webLiterals(): string[] {
  return files(web).flatMap(literalsOf);
}

if (import.meta.main) {
  const found = webLiterals();
  for (const line of found)
    console.error(`${line}: a user-visible literal outside the catalogs (a Lingui macro, or // i18n-ignore: <why>)`);
  if (found.length > 0) {
    console.error(`lint-i18n: ${found.length} user-visible literal(s) outside the catalogs`);
    process.exit(1);
  }
  console.log("lint-i18n: no user-visible literal outside the catalogs");
}
