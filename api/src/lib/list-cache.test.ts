import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { filtersKey, ListCache, wantsFreshRead } from './list-cache.ts';

describe('ListCache', () => {
  it('keeps a value with its generation and drops the least recently used past its size', () => {
    const cache = new ListCache<{ rows: number[] }>({ maxSize: 5, size: (v) => v.rows.length });
    cache.set('a', 'g1', { rows: [1, 2] });
    cache.set('b', 'g1', { rows: [1, 2] });
    expect(cache.get('a')).toEqual({ generation: 'g1', value: { rows: [1, 2] } });
    // 'b' is now the least recently used: a third value of 2 rows pushes it out, not 'a'.
    cache.set('c', 'g2', { rows: [3, 4] });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.generation).toBe('g1');
    expect(cache.get('c')?.generation).toBe('g2');
  });

  it('keeps an empty page (counted as one)', () => {
    const cache = new ListCache<{ rows: number[] }>({ maxSize: 2, size: (v) => v.rows.length });
    cache.set('empty', 'g', { rows: [] });
    expect(cache.get('empty')?.value.rows).toEqual([]);
  });
});

describe('wantsFreshRead', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
  it.each([
    [{ 'cache-control': 'no-cache' }, true],
    [{ 'cache-control': 'max-age=0, No-Store' }, true],
    [{ pragma: 'no-cache' }, true],
    [{ 'cache-control': 'max-age=0' }, false],
    [{ 'cache-control': 'no-transform' }, false],
    [{}, false],
  ])('%j -> %s', (headers, fresh) => {
    expect(wantsFreshRead(request(headers))).toBe(fresh);
  });
});

describe('filtersKey', () => {
  it('is the same for the same filters in any order, without the unset ones, and differs for different ones', () => {
    expect(filtersKey({ position: 'Forward', minGpa: 3 })).toBe(filtersKey({ minGpa: 3, position: 'Forward', league: undefined }));
    expect(filtersKey({})).toBe(filtersKey({ hasVideo: undefined }));
    expect(filtersKey({ minGpa: 3 })).not.toBe(filtersKey({ minGpa: '3' }));
    expect(filtersKey({ position: 'Forward' })).not.toBe(filtersKey({ nationality: 'Forward' }));
  });
});
