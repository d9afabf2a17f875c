import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from './json-depth';

const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects, up to the limit and past it', () => {
    expect(jsonNestsDeeperThan(nested(3), 3)).toBe(false);
    expect(jsonNestsDeeperThan(nested(4), 3)).toBe(true);
    expect(jsonNestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(jsonNestsDeeperThan('[[1],[2],[3],[4]]', 2)).toBe(false);
    expect(jsonNestsDeeperThan('['.repeat(100_000) + ']'.repeat(100_000), 32)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: 'say \\"[[[[\\"', more: '"{{{{' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"\\\\"}`, 1)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"\\\\",[[`, 2)).toBe(true);
  });
});
