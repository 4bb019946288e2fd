import { BUDGET_SLIDER, numberToText } from '@app/domain';
import { i18n } from '../i18n/index.ts';
/**
 * Display formats shared by the screens, in the app's language (issue 19): Intl formats for the
 * locale of the current language, texts from the `common` catalog.
 */

const LOCALES = { en: 'en-US', es: 'es-ES' } as const;
/** The Intl locale of the app's language. */
export function currentLocale(): string {
  return LOCALES[(i18n.resolvedLanguage ?? i18n.language) as keyof typeof LOCALES] ?? LOCALES.en;
}

/** One formatter per locale and options (building an Intl formatter is slow; lists format many values). */
const cache = new Map<string, unknown>();
function cached<T>(kind: string, make: (locale: string) => T): T {
  const key = `${kind}:${currentLocale()}`;
  if (!cache.has(key)) cache.set(key, make(currentLocale()));
  return cache.get(key) as T;
}

export function formatUsd(amount: number | null | undefined): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '—';
  return cached('usd', (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })).format(amount);
}

/** A number for reading: '1,234.5' in English, '1234,5' in Spanish. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(currentLocale(), options).format(value);
}

/** Whether the app's language writes a decimal comma (Spanish: "7,5"). */
function writesDecimalComma(): boolean {
  return cached('decimalComma', (locale) => new Intl.NumberFormat(locale).formatToParts(1.5).some((part) => part.type === 'decimal' && part.value === ','));
}

/**
 * A number put back into a form's field, as the app's language writes it ("7,5" in Spanish,
 * "7.5" in English; domain numberToText): the forms read either. Blank when there is none.
 */
export function numberInputText(value: number | null | undefined, fractionDigits?: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return numberToText(value, writesDecimalComma(), fractionDigits);
}

/**
 * An athlete's yearly budget: 'Not set' when never chosen (decision S15), the top band's label for
 * its stored limit and above, otherwise the amount.
 */
export function formatBudget(amount: number | null | undefined): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return i18n.t('common:format.notSet');
  return amount >= BUDGET_SLIDER.top ? `${formatUsd(BUDGET_SLIDER.max)}+` : formatUsd(amount);
}

/** 'Mar 4, 2026' ('4 mar 2026' in Spanish), or '—' for a missing or unreadable date. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime())
    ? '—'
    : cached('date', (locale) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' })).format(date);
}

/** 'advanced' -> 'Advanced'. */
export function capitalize(text: string | null | undefined): string {
  return text ? text[0].toUpperCase() + text.slice(1) : '';
}

/** A list for reading ('A, B and C'; 'A, B y C'), or the fallback when empty. */
export function listText(items: readonly string[] | null | undefined, fallback = '—'): string {
  if (!items || items.length === 0) return fallback;
  return cached('list', (locale) => new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' })).format(items);
}

/** Alternatives for reading ('A or B'; 'A o B'). */
export function orList(items: readonly string[]): string {
  return cached('or-list', (locale) => new Intl.ListFormat(locale, { style: 'long', type: 'disjunction' })).format(items);
}

/**
 * A recent moment for lists of events: 'Just now', '5 min ago', '3 h ago', then 'Mar 4, 2:05 PM'.
 * `now` is a parameter so tests can fix it.
 */
export function formatMoment(value: string, now: number = Date.now()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const minutes = Math.floor((now - date.getTime()) / 60_000);
  if (minutes < 1) return i18n.t('common:format.justNow');
  if (minutes < 60) return i18n.t('common:format.minutesAgo', { count: minutes });
  if (minutes < 24 * 60) return i18n.t('common:format.hoursAgo', { count: Math.floor(minutes / 60) });
  return cached('moment', (locale) => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })).format(date);
}

/** A height as the profiles show it: '178 cm (5′10″)', the feet and inches when the athlete gave them; '152,4 cm' in Spanish. */
export function heightText(p: { heightCm?: number; heightFeet?: number; heightInches?: number }): string | undefined {
  if (p.heightCm === undefined) return undefined;
  const cm = `${formatNumber(p.heightCm)} cm`;
  return p.heightFeet !== undefined ? `${cm} (${p.heightFeet}′${p.heightInches ?? 0}″)` : cm;
}

/** A weight as the profiles show it: '72.5 kg (159.8 lbs)'; '72,5 kg (159,8 lbs)' in Spanish. */
export function weightText(p: { weightKg?: number; weightLbs?: number }): string | undefined {
  if (p.weightKg === undefined) return undefined;
  const kg = `${formatNumber(p.weightKg)} kg`;
  return p.weightLbs !== undefined ? `${kg} (${formatNumber(p.weightLbs)} lbs)` : kg;
}
