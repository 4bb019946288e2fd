import { describe, expect, it } from 'vitest';
import { refreshedValue } from './refreshed-value.ts';

/** A read whose answers the test releases one at a time. */
function controlledRead() {
  const pending: Array<{ resolve: (n: number) => void; reject: (e: Error) => void }> = [];
  const read = () => new Promise<number>((resolve, reject) => pending.push({ resolve, reject }));
  return { read, pending };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('refreshedValue', () => {
  it('waits for the first read, serves the value while fresh, then serves it stale while one refresh runs', async () => {
    let clock = 1000;
    const { read, pending } = controlledRead();
    const value = refreshedValue(read, { ttlMs: 5000, now: () => clock });

    const first = value();
    const alsoFirst = value();
    expect(pending).toHaveLength(1); // one read for both callers
    pending[0].resolve(10);
    expect(await first).toBe(10);
    expect(await alsoFirst).toBe(10);

    clock += 4999;
    expect(value()).toBe(10);
    expect(pending).toHaveLength(1);

    clock += 1;
    expect(value()).toBe(10); // expired: the old value answers at once
    expect(value()).toBe(10);
    expect(pending).toHaveLength(2); // and one refresh runs
    pending[1].resolve(11);
    await settle();
    expect(value()).toBe(11);
  });

  it('keeps serving the old value after a failed refresh and tries again on the next call', async () => {
    let clock = 0;
    const errors: unknown[] = [];
    const { read, pending } = controlledRead();
    const value = refreshedValue(read, { ttlMs: 10, now: () => clock, onRefreshError: (e) => errors.push(e) });
    const first = value();
    pending[0].resolve(3);
    await first;
    clock = 20;
    expect(value()).toBe(3);
    pending[1].reject(new Error('database down'));
    await settle();
    expect(errors).toEqual([new Error('database down')]);
    expect(value()).toBe(3);
    expect(pending).toHaveLength(3);
    pending[2].resolve(4);
    await settle();
    expect(value()).toBe(4);
  });

  it('does not cache a value `keep` refuses, and a first read that fails reaches the caller', async () => {
    const { read, pending } = controlledRead();
    const value = refreshedValue(read, { ttlMs: 5000, keep: (n) => n > 0 });
    const zero = value();
    pending[0].resolve(0);
    expect(await zero).toBe(0);
    const failing = value(); // nothing cached: a new read, awaited
    expect(pending).toHaveLength(2);
    pending[1].reject(new Error('no database'));
    await expect(failing).rejects.toThrow('no database');
  });
});
