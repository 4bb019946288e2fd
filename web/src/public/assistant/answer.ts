// The chat assistant's answers (spec section 9): a FAQ question match, else the keywords
// gpa, contact and video, else a generic follow-up. Questions are understood in English and
// Spanish; answers are in the interface's current language (or the one passed). No React, no I/O.
import { gradeToGpa, GRADING_SCALES, type GradingScaleValue } from '@app/domain';
import { CONTACT_DETAILS } from '../../chrome/navigation.ts';
import { i18n, type Language } from '../../i18n/index.ts';
import { currentLanguage } from '../../i18n/language.ts';
import { faqEntries, faqEntriesInEveryLanguage, type FaqEntry } from '../faq/faqContent.ts';
import { replyPromise } from '../replyPromise.ts';

export interface ChatMessage {
  id: string;
  author: 'user' | 'bot';
  content: string;
}

export type AnswerKind = 'faq' | 'gpa' | 'contact' | 'video' | 'generic';

/** The `public` catalog in one language, for the assistant's texts (assistant.answers.*). */
const textsIn = (language: Language) => i18n.getFixedT(language, 'public');

/** The follow-up reply to anything the assistant does not recognise. */
export function genericReply(language: Language = currentLanguage()): string {
  return textsIn(language)('assistant.answers.generic');
}

// Filler words of both languages, left out when comparing a message with the FAQ questions.
const STOPWORDS = new Set(
  [
    'a an and are as at be can could do does for from how i if in is it me my of on or our the this to we what when where which who why will with you your',
    'a al como con cual cuales cuando de del donde el en es esta este hay la las lo los me mi mis para por puedo que quien se si son su sus te tu tus un una unos uno y yo',
  ]
    .join(' ')
    .split(' '),
);

/** Lowercase, accents and punctuation removed, single spaces. */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function keywords(text: string): Set<string> {
  return new Set(
    normalize(text)
      .split(' ')
      .filter((w) => w && !STOPWORDS.has(w)),
  );
}

/**
 * The FAQ entry the input asks, or null. Same words as a question (ignoring case, punctuation
 * and filler words such as "how", "the", "my") count as the question; a looser overlap does not,
 * so a question that merely mentions "GPA" falls through to the keyword answers.
 */
export function matchFaq(input: string, entries: FaqEntry[] = faqEntriesInEveryLanguage()): FaqEntry | null {
  const asked = normalize(input);
  if (!asked) return null;
  const askedWords = keywords(input);
  let best: { entry: FaqEntry; score: number } | null = null;
  for (const entry of entries) {
    if (normalize(entry.question) === asked) return entry;
    const words = keywords(entry.question);
    if (words.size === 0 || askedWords.size === 0) continue;
    let shared = 0;
    for (const w of words) if (askedWords.has(w)) shared++;
    const score = (2 * shared) / (words.size + askedWords.size); // Dice coefficient
    if (score >= 0.8 && (!best || score > best.score)) best = { entry, score };
  }
  return best?.entry ?? null;
}

// ---------------------------------------------------------------------------------------------
// GPA

const SCALE_BY_MAX: Record<string, GradingScaleValue> = { '10': 'ten-point', '20': 'twenty-point', '100': 'hundred-point' };
const SCALE_PATTERNS = [
  /(?:\/|\bout of\b|\bover\b|\bsobre\b)\s*(10|20|100)\b/,
  // "8,5 de 10": "de" names the scale only right after a number.
  /(?<=\d\s*)\bde\s*(10|20|100)\b/,
  /\b0\s*[-–]\s*(10|20|100)\b/,
  /\b(10|20|100)\s*[- ]?\s*(?:point|pt|punto)s?\b/,
  /\b(?:scale of|escala de)\s*(10|20|100)\b/,
];
const NUMBER = /(\d+(?:[.,]\d+)?)/;

export interface GpaConversion {
  average: number;
  scale: GradingScaleValue;
  /** True when the scale was not named and was inferred from the size of the number. */
  assumedScale: boolean;
  gpa: number;
}

/** Finds "8.5/10", "15 out of 20", "85 on a 100-point scale", "7,8 (0-10)" in a message. */
export function parseGrade(text: string): GpaConversion | 'already-gpa' | 'out-of-range' | null {
  const lower = text.toLowerCase();
  let scale: GradingScaleValue | null = null;
  let rest = lower;
  for (const pattern of SCALE_PATTERNS) {
    const m = pattern.exec(lower);
    if (m) {
      scale = SCALE_BY_MAX[m[1]];
      rest = lower.slice(0, m.index) + ' ' + lower.slice(m.index + m[0].length);
      break;
    }
  }
  // "4.0" names the target scale, not the student's grade.
  const numberMatch = NUMBER.exec(rest.replace(/\b4\.0\b/g, ' '));
  if (!numberMatch) return null;
  const average = Number(numberMatch[1].replace(',', '.'));
  if (!Number.isFinite(average)) return null;
  let assumedScale = false;
  if (!scale) {
    if (average <= 4) return 'already-gpa';
    assumedScale = true;
    scale = average <= 10 ? 'ten-point' : average <= 20 ? 'twenty-point' : 'hundred-point';
  }
  const max = GRADING_SCALES.find((s) => s.value === scale)!.max;
  if (average > max) return 'out-of-range';
  const gpa = gradeToGpa(average, scale);
  if (gpa === null) return null;
  return { average, scale, assumedScale, gpa };
}

function scaleLabel(scale: GradingScaleValue): string {
  return GRADING_SCALES.find((s) => s.value === scale)!.label;
}

function gpaAnswer(text: string, language: Language): string {
  const t = textsIn(language);
  const explain = t('assistant.answers.gpa.explain');
  const parsed = parseGrade(text);
  if (parsed === null) return t('assistant.answers.gpa.askForGrade', { explain });
  if (parsed === 'already-gpa') return t('assistant.answers.gpa.alreadyGpa');
  if (parsed === 'out-of-range') return t('assistant.answers.gpa.outOfRange', { explain });
  const max = GRADING_SCALES.find((s) => s.value === parsed.scale)!.max;
  const scale = scaleLabel(parsed.scale);
  const assumed = parsed.assumedScale ? t('assistant.answers.gpa.assumedScale', { scale }) : '';
  const average = formatNumber(parsed.average, language);
  const gpa = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(parsed.gpa);
  return t('assistant.answers.gpa.converted', { average, scale, assumed, gpa, max: String(max) });
}

/** A grade as people write it in the language: 8.5 / 8,5 (at most two decimals). */
function formatNumber(n: number, language: Language): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2, useGrouping: false }).format(n);
}

// ---------------------------------------------------------------------------------------------
// Video

/** The embeddable player address of a YouTube or Vimeo link, or null. */
export function videoEmbedUrl(text: string): string | null {
  const youtube =
    /(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:[^\s#]*&)?v=|shorts\/|embed\/|live\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/.exec(
      text,
    );
  if (youtube) return `https://www.youtube-nocookie.com/embed/${youtube[1]}`;
  const vimeo = /(?:https?:\/\/)?(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d{6,12})\b/.exec(text);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`;
  return null;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/g;

function videoAnswer(text: string, language: Language): string {
  const t = textsIn(language);
  const link = (text.match(URL_IN_TEXT) ?? []).find((url) => videoEmbedUrl(url) !== null);
  if (link) return t('assistant.answers.video.withLink', { link });
  return t('assistant.answers.video.advice');
}

// ---------------------------------------------------------------------------------------------

function contactAnswer(language: Language): string {
  return textsIn(language)('assistant.answers.contact', { email: CONTACT_DETAILS.email, replyPromise: replyPromise(language) });
}

// The keywords, in English and Spanish (matched on normalized text: lowercase, no accents).
const GPA_WORDS = /\b(gpa|nota|notas|nota media|calificaciones)\b/;
const CONTACT_WORDS = /\b(contact|contacto|contactar\w*)\b/;
const VIDEO_WORDS = /\b(video|videos|highlights?|youtube|vimeo)\b/;

/** Which answer a message gets, in the spec's order: FAQ, gpa, contact, video, generic. */
export function classify(input: string): { kind: AnswerKind; faq?: FaqEntry } {
  const faq = matchFaq(input);
  if (faq) return { kind: 'faq', faq };
  const text = normalize(input);
  if (GPA_WORDS.test(text)) return { kind: 'gpa' };
  if (CONTACT_WORDS.test(text)) return { kind: 'contact' };
  if (VIDEO_WORDS.test(text) || videoEmbedUrl(input)) return { kind: 'video' };
  return { kind: 'generic' };
}

/** The assistant's reply to a (non-empty) message, in `language` whatever the message's language. */
export function answerFor(input: string, language: Language = currentLanguage()): string {
  const { kind, faq } = classify(input);
  switch (kind) {
    case 'faq':
      return faqEntries(language).find((entry) => entry.id === faq!.id)!.answer;
    case 'gpa':
      return gpaAnswer(input, language);
    case 'contact':
      return contactAnswer(language);
    case 'video':
      return videoAnswer(input, language);
    default:
      return genericReply(language);
  }
}

/**
 * The messages one send adds to the conversation: the user's question and the assistant's answer.
 * Empty or whitespace-only input adds nothing.
 */
export function exchange(input: string, nextId: () => string): ChatMessage[] {
  const question = input.trim();
  if (!question) return [];
  return [
    { id: nextId(), author: 'user', content: question },
    { id: nextId(), author: 'bot', content: answerFor(question) },
  ];
}

// ---------------------------------------------------------------------------------------------
// Rendering help: which parts of a message are links.

export type MessagePart =
  { kind: 'text'; value: string } | { kind: 'url'; value: string } | { kind: 'email'; value: string } | { kind: 'route'; value: string };

const LINKABLE =
  /(https?:\/\/[^\s<>"]+)|([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})|((?<=^|[\s(])\/(?:contact|faq|pricing|get-started|privacy|terms|consent-policy|about-us|partnerships|community)\b)/g;

/** Splits a message into text and links (web addresses, email addresses, our own pages). */
export function messageParts(content: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const m of content.matchAll(LINKABLE)) {
    let value = m[0];
    // A sentence's closing punctuation is not part of the address.
    const trailing = /[.,;:!?)]+$/.exec(value)?.[0] ?? '';
    value = value.slice(0, value.length - trailing.length);
    const start = m.index;
    if (start > last) parts.push({ kind: 'text', value: content.slice(last, start) });
    parts.push({ kind: m[1] ? 'url' : m[2] ? 'email' : 'route', value });
    last = start + value.length;
  }
  if (last < content.length) parts.push({ kind: 'text', value: content.slice(last) });
  return parts;
}
