import { BUDGET_SLIDER } from '@app/domain';
/** Display formats shared by the screens. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
export function formatUsd(amount: number | null | undefined): string {
  return typeof amount === 'number' && Number.isFinite(amount) ? usd.format(amount) : '—';
}

/**
 * An athlete's yearly budget: 'Not set' when never chosen (decision S15), the top band's label for
 * its stored limit and above, otherwise the amount.
 */
export function formatBudget(amount: number | null | undefined): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return 'Not set';
  return amount >= BUDGET_SLIDER.top ? BUDGET_SLIDER.topLabel : formatUsd(amount);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
/** 'Mar 4, 2026', or '—' for a missing or unreadable date. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

/** 'advanced' -> 'Advanced'. */
export function capitalize(text: string | null | undefined): string {
  return text ? text[0].toUpperCase() + text.slice(1) : '';
}

/** A list for reading ('A, B and C'), or the fallback when empty. */
export function listText(items: readonly string[] | null | undefined, fallback = '—'): string {
  if (!items || items.length === 0) return fallback;
  return items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
/**
 * A recent moment for lists of events: 'Just now', '5 min ago', '3 h ago', then 'Mar 4, 2:05 PM'.
 * `now` is a parameter so tests can fix it.
 */
export function formatMoment(value: string, now: number = Date.now()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const minutes = Math.floor((now - date.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return dateTimeFormat.format(date);
}
