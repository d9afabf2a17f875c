import { describe, expect, it } from 'vitest';
import { classesIn, criticalCss, parseStylesheet } from './critical-css';

const critical = (css: string, html: string) => criticalCss(parseStylesheet(css), classesIn(html));

describe("the first screen's critical CSS", () => {
  it('keeps the rules of the classes the page uses and global rules, and drops the rest', () => {
    const css = ':root{--gap:4px}body{margin:0}.m_used{color:red}.m_unused{color:blue}.m_used .m_inner{gap:1px}';
    expect(critical(css, '<div class="m_used mantine-Group-root">x</div>')).toBe(':root{--gap:4px}body{margin:0}.m_used{color:red}.m_used .m_inner{gap:1px}');
  });

  it('keeps a selector list when any of its selectors can match, reading commas inside :is() as part of one selector', () => {
    const css = '.m_a,.m_b{x:1}:is(.m_c,.m_d) span,.m_e{x:2}.m_f,p{x:3}';
    expect(critical(css, '<p class="m_b"></p>')).toBe('.m_a,.m_b{x:1}.m_f,p{x:3}');
    expect(critical(css, '<p class="m_d"></p>')).toBe(':is(.m_c,.m_d) span,.m_e{x:2}.m_f,p{x:3}');
  });

  it('filters the rules inside @media and drops a block left empty; keeps @keyframes whole', () => {
    const css = '@media (min-width:48em){.m_a{x:1}.m_b{x:2}}@media print{.m_b{x:3}}@keyframes spin{0%{transform:none}to{transform:rotate(1turn)}}';
    expect(critical(css, '<i class="m_a"></i>')).toBe('@media (min-width:48em){.m_a{x:1}}@keyframes spin{0%{transform:none}to{transform:rotate(1turn)}}');
  });

  it('reads braces inside strings and comments as text', () => {
    const css = '.m_a:before{content:"}{"}/* .m_b{ */.m_b{background:url("data:image/svg+xml,<svg>{}</svg>")}';
    expect(critical(css, '<b class="m_a"></b>')).toBe('.m_a:before{content:"}{"}');
    expect(critical(css, '<b class="m_b"></b>')).toBe('.m_b{background:url("data:image/svg+xml,<svg>{}</svg>")}');
  });

  it('refuses CSS it cannot read, at startup, rather than dropping rules', () => {
    expect(() => parseStylesheet('.m_a{color:red')).toThrow(/unterminated/);
  });

  it('reads the classes of every element, not other attributes', () => {
    expect([...classesIn('<div class="a  b"><span data-class="c" class="d"></span><p className="e"></p></div>')]).toEqual(['a', 'b', 'd']);
  });
});
