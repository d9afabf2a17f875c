/**
 * The first screen's critical CSS: of the app's stylesheets, the rules a rendered page's classes
 * can match, inlined in its head so that the first paint waits for no stylesheet request. On a
 * phone's slow network the two stylesheets (about 23 kB gzipped) were most of the time between the
 * HTML and the first paint. The full stylesheets still load, without blocking the paint, for what
 * appears later (menus, dialogs, toasts, sections rendered in the browser).
 *
 * Our styles are Mantine's and the app's own, minified by the build: rules whose selectors name
 * classes (`.m_4081bf90`, `.mantine-focus-auto`), global rules that name none (`:root`, `body`),
 * and at-rules. A rule is kept when one of its selectors names no class or a class the page uses;
 * one that names classes only inside `:not()` is kept too, since that is erring on the side of
 * more CSS. Keyframes and other at-rules are kept whole; @media and @supports keep the rules
 * inside them that are kept.
 */

/** A stylesheet split once, at startup, into what can be kept or dropped per page. */
export type StyleRule =
  | { kind: 'rule'; text: string; classes: readonly string[] | 'always' }
  | { kind: 'group'; prelude: string; rules: StyleRule[] }
  | { kind: 'keep'; text: string };

const CLASS_NAME = /\.(-?[_a-zA-Z][\w-]*)/g;
/** At-rules whose block holds rules (the others, such as @keyframes, are kept whole). */
const GROUPING = /^@(media|supports|container|layer)\b/;

/** Splits minified CSS into its top-level statements; throws on CSS it cannot read, at startup. */
export function parseStylesheet(css: string): StyleRule[] {
  const rules: StyleRule[] = [];
  for (let at = skipSpaceAndComments(css, 0); at < css.length; at = skipSpaceAndComments(css, at)) {
    const open = scan(css, at, '{;');
    const prelude = css.slice(at, open).trim();
    if (open === css.length) throw new Error(`unterminated CSS statement: ${prelude.slice(0, 80)}`);
    if (css[open] === ';') {
      // A statement at-rule (@import, @charset): kept as it stands.
      rules.push({ kind: 'keep', text: css.slice(at, open + 1) });
      at = open + 1;
      continue;
    }
    const close = scan(css, open + 1, '}', true);
    if (close === css.length) throw new Error(`unterminated CSS block after ${prelude.slice(0, 80)}`);
    const text = css.slice(at, close + 1);
    if (GROUPING.test(prelude)) rules.push({ kind: 'group', prelude, rules: parseStylesheet(css.slice(open + 1, close)) });
    else if (prelude.startsWith('@')) rules.push({ kind: 'keep', text });
    else rules.push({ kind: 'rule', text, classes: selectorClasses(prelude) });
    at = close + 1;
  }
  return rules;
}

/** Where the next statement starts: past white space and comments. */
function skipSpaceAndComments(css: string, from: number): number {
  let at = from;
  for (;;) {
    while (at < css.length && /\s/.test(css[at]!)) at++;
    if (!css.startsWith('/*', at)) return at;
    const end = css.indexOf('*/', at + 2);
    at = end < 0 ? css.length : end + 2;
  }
}

/** The CSS of `rules` that a page whose elements carry `used` classes can need. */
export function criticalCss(rules: StyleRule[], used: ReadonlySet<string>): string {
  let css = '';
  for (const rule of rules) {
    if (rule.kind === 'keep') css += rule.text;
    else if (rule.kind === 'rule') {
      if (rule.classes === 'always' || rule.classes.some((name) => used.has(name))) css += rule.text;
    } else {
      const inner = criticalCss(rule.rules, used);
      if (inner) css += `${rule.prelude}{${inner}}`;
    }
  }
  return css;
}

/** Every class named in an HTML document's class attributes (React writes them double-quoted). */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value!.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** The classes a selector list needs one of, or 'always' when one of its selectors names none. */
function selectorClasses(selectorList: string): string[] | 'always' {
  const classes = new Set<string>();
  for (const selector of splitTopLevel(selectorList)) {
    const names = [...selector.matchAll(CLASS_NAME)].map((match) => match[1]!);
    if (names.length === 0) return 'always';
    for (const name of names) classes.add(name);
  }
  return [...classes];
}

/** A selector list's selectors: split at its commas, not at those inside `:is(...)` and the like. */
function splitTopLevel(selectorList: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selectorList.length; i++) {
    const char = selectorList[i];
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(selectorList.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(selectorList.slice(start));
  return parts;
}

/**
 * The index of the first of `stops` at or after `from`, outside strings and comments (and, with
 * `nested`, outside nested blocks), or css.length when there is none.
 */
function scan(css: string, from: number, stops: string, nested = false): number {
  let depth = 0;
  for (let i = from; i < css.length; i++) {
    const char = css[i]!;
    if (char === '"' || char === "'") {
      for (i++; i < css.length && css[i] !== char; i++) if (css[i] === '\\') i++;
    } else if (char === '/' && css[i + 1] === '*') {
      i = css.indexOf('*/', i + 2) + 1;
      if (i === 0) return css.length;
    } else if (nested && char === '{') depth++;
    else if (nested && char === '}' && depth > 0) depth--;
    else if (stops.includes(char)) return i;
  }
  return css.length;
}
