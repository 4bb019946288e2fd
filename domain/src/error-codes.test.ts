import { describe, expect, it } from 'vitest';
import { agencyEmailMessage, otherRoleLoginMessage } from './auth.ts';
import { MESSAGE_TEMPLATES, messageCode } from './error-codes.ts';
import { preferredLanguage } from './language.ts';
import { maximumIs, MESSAGES, minimumIs } from './messages.ts';

describe('message codes (issue 19)', () => {
  it('gives every spec message its key as code', () => {
    for (const [key, text] of Object.entries(MESSAGES)) expect(messageCode(text)?.code).toBe(key);
  });

  it('has one code per text, so a message names exactly one code', () => {
    const texts = Object.values(MESSAGE_TEMPLATES);
    const repeated = texts.filter((text, i) => texts.indexOf(text) !== i);
    expect(repeated).toEqual([]);
  });

  it('reads the values of messages that vary, numbers as numbers', () => {
    expect(messageCode(minimumIs(16))).toEqual({ code: 'minimumIs', values: { min: 16 } });
    expect(messageCode(maximumIs('10.0'))).toEqual({ code: 'maximumIs', values: { max: '10.0' } });
    expect(messageCode(otherRoleLoginMessage('agent'))).toEqual({ code: 'otherRoleLogin', values: { article: 'an agent', role: 'agent' } });
    expect(messageCode(agencyEmailMessage('Mae', ['mae.com']))).toEqual({ code: 'agencyEmail', values: { agency: 'Mae', domains: '@mae.com' } });
    expect(messageCode('Must be 120 characters or fewer')).toEqual({ code: 'tooLong', values: { max: 120 } });
  });

  it('knows nothing of a text it does not list', () => {
    expect(messageCode('Something nobody wrote')).toBeUndefined();
  });
});

describe('preferredLanguage', () => {
  it.each([
    ['es-ES,es;q=0.9,en;q=0.8', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['fr-FR,es;q=0.5', 'es'],
    ['fr, de', 'en'],
    ['en;q=0.2, es;q=0.7', 'es'],
    ['es;q=0', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('header %s -> %s', (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });

  it('takes the first supported of a browser list', () => {
    expect(preferredLanguage(['de-DE', 'es-MX', 'en'])).toBe('es');
    expect(preferredLanguage([])).toBe('en');
  });
});
