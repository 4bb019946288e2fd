// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftValuesFor, dropAllDrafts, dropDraft, readDraft, writeDraft } from './formDraft.ts';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('form drafts', () => {
  it("give a draft back to its owner only; another user's read drops it", () => {
    writeDraft('request.new', 'coach-1', { title: 'Striker for fall', minimumGpa: '2.5' });
    expect(readDraft('request.new', 'coach-1')).toEqual({ values: { title: 'Striker for fall', minimumGpa: '2.5' }, omitted: [] });
    expect(readDraft('request.new', 'coach-2')).toBeNull();
    expect(readDraft('request.new', 'coach-1')).toBeNull();
  });

  it('never keep the omitted fields, and say which had a value', () => {
    writeDraft('coach-profile', 'coach-1', { jobTitle: 'Head Coach', photo: { base64: 'AAAA', mime: 'image/png' }, logo: null }, ['photo', 'logo']);
    expect(readDraft('coach-profile', 'coach-1')).toEqual({ values: { jobTitle: 'Head Coach' }, omitted: ['photo'] });
    expect(sessionStorage.getItem('recruit.draft.coach-profile')).not.toContain('AAAA');
  });

  it('keep nothing, without failing, when the storage is full', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeDraft('request.new', 'coach-1', { title: 'x' })).not.toThrow();
    expect(readDraft('request.new', 'coach-1')).toBeNull();
  });

  it('are dropped one by one, or all at sign-out, leaving the rest of the storage alone', () => {
    writeDraft('request.new', 'coach-1', { title: 'a' });
    writeDraft('message.m1', 'coach-1', { body: 'b' });
    sessionStorage.setItem('other', 'kept');
    dropDraft('request.new');
    expect(readDraft('request.new', 'coach-1')).toBeNull();
    expect(readDraft('message.m1', 'coach-1')).not.toBeNull();
    dropAllDrafts();
    expect(readDraft('message.m1', 'coach-1')).toBeNull();
    expect(sessionStorage.getItem('other')).toBe('kept');
  });

  it('ignore a stored value that is not a draft', () => {
    sessionStorage.setItem('recruit.draft.request.new', '{not json');
    expect(readDraft('request.new', 'coach-1')).toBeNull();
  });

  it("bring back only the fields the form still has, of its defaults' kind", () => {
    const defaults = { title: '', positions: [] as string[], jucoOpen: false, photo: null };
    const draft = { values: { title: 'Keeper', positions: 'GK', jucoOpen: true, removedField: 'x', photo: null }, omitted: [] };
    expect(draftValuesFor(defaults, draft)).toEqual({ title: 'Keeper', jucoOpen: true, photo: null });
  });
});
