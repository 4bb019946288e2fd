import { describe, expect, it } from 'vitest';
import { agencyEmailMessage, DEFAULT_AGENCY_EMAIL_DOMAINS, emailAtDomains, parseAgencyEmailDomains } from './auth.ts';

describe('agency email domains (decision A10)', () => {
  it('defaults every agency, and the setting overrides the agencies it names', () => {
    expect(parseAgencyEmailDomains(undefined)).toEqual(DEFAULT_AGENCY_EMAIL_DOMAINS);
    expect(parseAgencyEmailDomains(' Eture = eture.com, @Eture.ES ; mae=mae-sports.example ')).toEqual({
      Eture: ['eture.com', 'eture.es'],
      'Global College': DEFAULT_AGENCY_EMAIL_DOMAINS['Global College'],
      Mae: ['mae-sports.example'],
    });
  });

  it.each([
    ['Acme=acme.com', 'unknown agency "Acme"'],
    ['Eture=', 'no email domain for Eture'],
    ['Mae=not a domain', '"not a domain" is not an email domain'],
    ['Mae=localhost', '"localhost" is not an email domain'],
  ])('refuses %j', (setting, message) => {
    expect(() => parseAgencyEmailDomains(setting)).toThrow(message);
  });

  it('matches the exact domain only', () => {
    expect(emailAtDomains('Marta@Eture.com', ['eture.com'])).toBe(true);
    expect(emailAtDomains('marta@mail.eture.com', ['eture.com'])).toBe(false);
    expect(emailAtDomains('marta@eture.com.evil.example', ['eture.com'])).toBe(false);
    expect(emailAtDomains('marta@noteture.com', ['eture.com'])).toBe(false);
    expect(agencyEmailMessage('Eture', ['eture.com', 'eture.es'])).toBe('Use your Eture email address (@eture.com or @eture.es).');
  });
});
