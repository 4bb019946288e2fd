// Small building blocks shared by the schemas: how form values (text from inputs, '' for "not
// given") become typed values, and the field rules that recur (email, password, images, lists).
import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, MAX_EXTERNAL_LINKS, PASSWORD_MIN_LENGTH, resolveLeague, type LeagueValue } from './reference.ts';
import { MESSAGES, maximumIs, minimumIs } from './messages.ts';

// ---------------------------------------------------------------------------------------------
// Plain helpers (also used by the web forms)

/** A list typed as text: split on commas or newlines, trimmed, empties removed. Lists pass through the same cleaning. */
export function splitList(input: string | readonly unknown[] | null | undefined): string[] {
  if (input == null) return [];
  const parts = typeof input === 'string' ? input.split(/[,\r\n]+/) : input.filter((x): x is string => typeof x === 'string');
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * Text typed as a number, read as JavaScript reads it or with a decimal comma, as Spanish and most of
 * Europe write one ("7,5", "72,25"): one comma followed by one or two digits. "1,000" stays unread
 * (NaN): a thousands separator in English, a decimal one in Spanish.
 */
export function numberFromText(text: string): number {
  const trimmed = text.trim();
  return Number(/^[+-]?\d+,\d{1,2}$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed);
}

/**
 * A number as a form shows it for editing, the inverse of numberFromText: with a decimal comma when
 * `decimalComma` (a Spanish form shows back "7,5", as its athlete typed it), never grouped. A number
 * with more than two decimals keeps its point: numberFromText would not read it back with a comma.
 * `fractionDigits` fixes the decimals shown (a GPA as "3.0").
 */
export function numberToText(value: number, decimalComma: boolean, fractionDigits?: number): string {
  const text = fractionDigits === undefined ? String(value) : value.toFixed(fractionDigits);
  return decimalComma && /^-?\d+\.\d{1,2}$/.test(text) ? text.replace('.', ',') : text;
}

/** A number typed as text: a number, or null when empty (or not a number at all). */
export function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = numberFromText(value);
  return Number.isFinite(n) ? n : null;
}

/** null, undefined and blank text all mean "not given". */
export function emptyToUndefined(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

/** Numbers arrive as numbers (JSON) or text (inputs). Blank means "not given"; other text that is
 * not a number becomes NaN so the number check reports it instead of silently dropping it. */
export function toOptionalNumber(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : numberFromText(value);
  return value;
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export interface ExternalLink {
  platform: string;
  url: string;
}

/** Spec section 5: entries missing a platform or a url are dropped, values trimmed, at most 5 kept. */
export function normalizeExternalLinks(links: unknown): ExternalLink[] {
  if (!Array.isArray(links)) return [];
  const kept: ExternalLink[] = [];
  for (const link of links) {
    if (kept.length === MAX_EXTERNAL_LINKS) break;
    if (link === null || typeof link !== 'object') continue;
    const { platform, url } = link as Record<string, unknown>;
    const p = typeof platform === 'string' ? platform.trim() : '';
    const u = typeof url === 'string' ? url.trim() : '';
    if (p !== '' && u !== '') kept.push({ platform: p, url: u });
  }
  return kept;
}

/** Bytes an image takes once decoded from base64 (a data: URL prefix is allowed). */
export function base64DecodedBytes(base64: string): number {
  const body = stripDataUrl(base64).replace(/\s+/g, '');
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.floor((body.length * 3) / 4) - padding;
}

function stripDataUrl(text: string): string {
  const comma = text.startsWith('data:') ? text.indexOf(',') : -1;
  return comma >= 0 ? text.slice(comma + 1) : text;
}

/** NUL, or a UTF-16 surrogate half without its partner. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern looks for
const UNSTORABLE_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text Postgres can store and compare: no NUL and no lone surrogate (decision A10). */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE_CHARACTER.test(text);
}

// ---------------------------------------------------------------------------------------------
// Field schemas

/**
 * The one string rule for text the server stores or looks up (names, emails, notes, lists...):
 * a string without NUL or lone surrogates, refused with `unstorableMessage` (decision A10).
 * Every text field of the schemas starts here rather than at `z.string()` (passwords excepted:
 * they are only hashed).
 */
export const storedText = (params?: { error: string }, unstorableMessage: string = MESSAGES.unstorableText) =>
  z.string(params).refine(isStorableText, unstorableMessage);

const tooLong = (max: number) => `Must be ${max} characters or fewer`;

export const requiredText = (message: string, max = 200) => storedText({ error: message }).trim().min(1, message).max(max, tooLong(max));

/** Optional text: blank becomes absent. */
export const optionalText = (max = 200) => z.preprocess(emptyToUndefined, storedText().trim().max(max, tooLong(max)).optional());

export const emailField = (requiredMessage: string = MESSAGES.required, invalidMessage: string = MESSAGES.invalidEmail) =>
  storedText({ error: requiredMessage }, invalidMessage).trim().toLowerCase().min(1, requiredMessage).max(254, invalidMessage).pipe(z.email(invalidMessage));

export const passwordField = (requiredMessage: string = MESSAGES.required) =>
  z.string({ error: requiredMessage }).min(1, requiredMessage).min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort).max(200, tooLong(200));

/** A password typed again: only required here; the schema's checkConfirmation says whether it matches. */
export const confirmPasswordField = () => z.string({ error: MESSAGES.confirmPassword }).min(1, MESSAGES.confirmPassword);

/** The password a signed-in user types to confirm a change to their account (bounded like a login's). */
export const currentPasswordField = () => z.string({ error: MESSAGES.currentPasswordRequired }).min(1, MESSAGES.currentPasswordRequired).max(200, tooLong(200));

/** Six digits (decision A2). */
export const verificationCodeField = () =>
  z
    .string({ error: MESSAGES.verificationCode })
    .trim()
    .regex(/^\d{6}$/, MESSAGES.verificationCode);

export const httpUrlField = () => storedText(undefined, MESSAGES.invalidUrl).trim().refine(isHttpUrl, MESSAGES.invalidUrl);
export const optionalHttpUrl = () => z.preprocess(emptyToUndefined, httpUrlField().optional());

interface NumberRule {
  min?: number;
  max?: number;
  integer?: boolean;
  /** How the bound is printed in 'Minimum is X' (e.g. '0.0' for GPA). */
  minLabel?: string;
  maxLabel?: string;
  minMessage?: string;
  maxMessage?: string;
  requiredMessage?: string;
  typeMessage?: string;
}

function numberSchema(rule: NumberRule) {
  const typeMessage = rule.typeMessage ?? MESSAGES.enterNumber;
  let schema = z.number({
    error: (issue) => (issue.input === undefined ? (rule.requiredMessage ?? MESSAGES.required) : typeMessage),
  });
  if (rule.integer) schema = schema.int(MESSAGES.wholeNumber);
  if (rule.min !== undefined) schema = schema.min(rule.min, rule.minMessage ?? minimumIs(rule.minLabel ?? rule.min));
  if (rule.max !== undefined) schema = schema.max(rule.max, rule.maxMessage ?? maximumIs(rule.maxLabel ?? rule.max));
  return schema;
}

/** A number that may be absent (blank text and null mean absent). */
export const optionalNumber = (rule: NumberRule = {}) => z.preprocess(toOptionalNumber, numberSchema(rule).optional());
/** A number that must be given; blank gives `requiredMessage`. */
export const requiredNumber = (rule: NumberRule = {}) => z.preprocess(toOptionalNumber, numberSchema(rule));

/** One of a list; blank gives `message`. */
export const requiredChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(emptyToUndefined, z.enum(values, { error: message }));
export const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string = MESSAGES.selectFromList) =>
  z.preprocess(emptyToUndefined, z.enum(values, { error: message }).optional());

/** Several of a list, duplicates removed. */
export const choiceList = <const T extends readonly [string, ...string[]]>(values: T, itemMessage: string = MESSAGES.selectFromList) =>
  z.array(z.enum(values, { error: itemMessage }), { error: itemMessage }).transform((items) => [...new Set(items)]);

/** A free-text list given as a list or as comma/newline separated text. */
export const textList = (maxItems = 50, maxLength = 100) =>
  z.preprocess(
    (v) => (typeof v === 'string' || Array.isArray(v) ? splitList(v) : v),
    z.array(storedText().max(maxLength, tooLong(maxLength)), { error: MESSAGES.selectFromList }).max(maxItems, `At most ${maxItems} entries`),
  );

export const imageBase64Field = () =>
  z.preprocess(
    emptyToUndefined,
    z
      .string({ error: MESSAGES.unreadableImage })
      .transform(stripDataUrl)
      .refine((b) => /^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(b), MESSAGES.unreadableImage)
      .refine((b) => base64DecodedBytes(b) <= IMAGE_MAX_BYTES, MESSAGES.imageTooLarge)
      .optional(),
  );
export const imageMimeField = () => optionalChoice(IMAGE_MIME_TYPES, MESSAGES.unreadableImage);

/** An image is sent as a pair; one half without the other cannot be read. */
export function checkImagePair(
  data: Record<string, unknown>,
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: string[] }) => void },
  base64Key: string,
  mimeKey: string,
): void {
  const hasData = data[base64Key] !== undefined;
  const hasMime = data[mimeKey] !== undefined;
  if (hasData !== hasMime) ctx.addIssue({ code: 'custom', message: MESSAGES.unreadableImage, path: [hasData ? mimeKey : base64Key] });
}

/** A website typed by a person: 'eture.com' is read as 'https://eture.com'; only http(s) is kept,
 * so the address is safe to render as a link. */
export const websiteField = (requiredMessage?: string) => {
  const withScheme = (v: string) => (v === '' || /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`);
  const url = storedText({ error: requiredMessage ?? MESSAGES.invalidUrl }, MESSAGES.invalidUrl).trim();
  return requiredMessage
    ? url.min(1, requiredMessage).max(300, tooLong(300)).transform(withScheme).refine(isHttpUrl, MESSAGES.invalidUrl)
    : z.preprocess(emptyToUndefined, url.max(300, tooLong(300)).transform(withScheme).refine(isHttpUrl, MESSAGES.invalidUrl).optional());
};

/** A league given by value, label or score, stored as its value. */
const leagueSchema = (message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((input, ctx): LeagueValue => {
    const league = resolveLeague(input);
    if (!league) {
      ctx.issues.push({ code: 'custom', message, input });
      return z.NEVER;
    }
    return league.value;
  });
export const requiredLeague = (message: string) => z.preprocess(emptyToUndefined, leagueSchema(message));
export const optionalLeague = (message: string) => z.preprocess(emptyToUndefined, leagueSchema(message).optional());
/** Several leagues (values, labels or scores), stored as values without duplicates. */
export const leagueList = (message: string = MESSAGES.selectFromList) =>
  z.array(leagueSchema(message), { error: message }).transform((values) => [...new Set(values)]);

/** Terms are "Fall YYYY" or "Spring YYYY" (decision S5). */
export const TERM_PATTERN = /^(Spring|Fall) (\d{4})$/;
/**
 * Terms without duplicates, in calendar order (Spring 2026 before Fall 2026), whatever order they
 * were ticked in: how they are stored and shown. Anything not shaped like a term goes last, as given.
 */
export function inTermOrder<T extends string>(terms: readonly T[]): T[] {
  const when = (term: string) => {
    const match = TERM_PATTERN.exec(term);
    return match ? Number(match[2]) * 2 + (match[1] === 'Fall' ? 1 : 0) : Number.POSITIVE_INFINITY;
  };
  return [...new Set(terms)].sort((a, b) => when(a) - when(b));
}
export const termList = () =>
  z.array(z.string().trim().regex(TERM_PATTERN, 'Use a term like Fall 2026'), { error: MESSAGES.selectFromList }).transform(inTermOrder);

/** An optional value for which null also means "not given" (JSON clients send null for cleared fields). */
export const optionalOrNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null ? undefined : v), schema.optional());
