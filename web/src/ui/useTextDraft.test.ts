// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readDraft } from './formDraft.ts';
import { useTextDraft } from './useTextDraft.ts';

afterEach(() => sessionStorage.clear());

describe('useTextDraft', () => {
  it('keeps a text that differs from the saved one in the tab, and drops it when it is the saved one again or reset', () => {
    const first = renderHook(() => useTextDraft('note.x', 'u1', 'Saved'));
    expect(first.result.current.text).toBe('Saved');
    act(() => first.result.current.change('Saved, and more'));
    expect(readDraft('note.x', 'u1')?.values).toEqual({ body: 'Saved, and more' });

    // A reload (a new mount) starts from the draft.
    first.unmount();
    const again = renderHook(() => useTextDraft('note.x', 'u1', 'Saved'));
    expect(again.result.current.text).toBe('Saved, and more');
    act(() => again.result.current.change(' Saved '));
    expect(readDraft('note.x', 'u1')).toBeNull();

    act(() => again.result.current.change('Typed'));
    act(() => again.result.current.reset('Typed'));
    expect(again.result.current.text).toBe('Typed');
    expect(readDraft('note.x', 'u1')).toBeNull();
  });

  it("does not give one user's draft to another, and keeps nothing without a signed-in user", () => {
    const mine = renderHook(() => useTextDraft('message.m1', 'u1'));
    act(() => mine.result.current.change('Hello'));
    mine.unmount();
    expect(renderHook(() => useTextDraft('message.m1', 'u2')).result.current.text).toBe('');

    const nobody = renderHook(() => useTextDraft('message.m2', undefined));
    act(() => nobody.result.current.change('Hello'));
    expect(nobody.result.current.text).toBe('Hello');
    expect(sessionStorage.length).toBe(0);
  });
});
