// The chat assistant's answers (spec section 9): a FAQ question match, else the keywords
// gpa, contact and video, else a generic follow-up. Pure: no React, no I/O.
import { gradeToGpa, GRADING_SCALES, type GradingScaleValue } from '@app/domain';
import { CONTACT_DETAILS } from '../../chrome/navigation.ts';
import { FAQ_ENTRIES, type FaqEntry } from '../faq/faqContent.ts';

export interface ChatMessage {
  id: string;
  author: 'user' | 'bot';
  content: string;
}

export type AnswerKind = 'faq' | 'gpa' | 'contact' | 'video' | 'generic';

export const GENERIC_REPLY =
  'Thanks for your message! I can help with how matching works, converting your grades to a U.S. GPA, pricing, highlight videos and getting in touch. Could you tell me a bit more: are you an athlete, a coach or an agency? For anything else, send us a message through the contact form and our team will follow up.';

const STOPWORDS = new Set(
  'a an and are as at be can could do does for from how i if in is it me my of on or our the this to we what when where which who why will with you your'.split(' '),
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
export function matchFaq(input: string, entries: FaqEntry[] = FAQ_ENTRIES): FaqEntry | null {
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
  /\b0\s*[-–]\s*(10|20|100)\b/,
  /\b(10|20|100)\s*[- ]?\s*(?:point|pt)s?\b/,
  /\bscale of\s*(10|20|100)\b/,
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

function gpaAnswer(text: string): string {
  const explain =
    'We convert international grades to the 4.0 U.S. GPA as average ÷ scale maximum × 4, rounded to one decimal: 8.5 out of 10 is 3.4, 15 out of 20 is 3.0 and 85 out of 100 is 3.4.';
  const parsed = parseGrade(text);
  if (parsed === null) return `${explain} Tell me your average and its scale (for example “7.8 out of 10”) and I’ll convert it for you.`;
  if (parsed === 'already-gpa') return 'That already looks like a GPA on the 4.0 U.S. scale. On your profile, choose the custom grading scale and type it in as it is.';
  if (parsed === 'out-of-range') return `That number is above the maximum of the scale. ${explain}`;
  const max = GRADING_SCALES.find((s) => s.value === parsed.scale)!.max;
  const assumed = parsed.assumedScale ? ` (I assumed a ${scaleLabel(parsed.scale)} scale; tell me if yours is different)` : '';
  return `${formatNumber(parsed.average)} on a ${scaleLabel(parsed.scale)} scale${assumed} is a ${parsed.gpa.toFixed(1)} on the 4.0 U.S. GPA scale (${formatNumber(parsed.average)} ÷ ${max} × 4). Your profile does this conversion automatically when you pick your grading scale.`;
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

// ---------------------------------------------------------------------------------------------
// Video

/** The embeddable player address of a YouTube or Vimeo link, or null. */
export function videoEmbedUrl(text: string): string | null {
  const youtube = /(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:[^\s#]*&)?v=|shorts\/|embed\/|live\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/.exec(text);
  if (youtube) return `https://www.youtube-nocookie.com/embed/${youtube[1]}`;
  const vimeo = /(?:https?:\/\/)?(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d{6,12})\b/.exec(text);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`;
  return null;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/g;

function videoAnswer(text: string): string {
  const link = (text.match(URL_IN_TEXT) ?? []).find((url) => videoEmbedUrl(url) !== null);
  if (link) {
    return `Thanks for sharing your video! Here it is: ${link} Add this link as the highlight video on your profile so coaches can watch it straight from your profile.`;
  }
  return 'Coaches love a short highlight video: 3–5 minutes with your best actions, your shirt number and the date. Upload it to YouTube or Vimeo and add the link to your profile; paste the link here and I’ll show you a preview.';
}

// ---------------------------------------------------------------------------------------------

function contactAnswer(): string {
  return `You can reach our team at ${CONTACT_DETAILS.email} or through the contact form at /contact. ${CONTACT_DETAILS.replyPromise}`;
}

/** Which answer a message gets, in the spec's order: FAQ, gpa, contact, video, generic. */
export function classify(input: string): { kind: AnswerKind; faq?: FaqEntry } {
  const faq = matchFaq(input);
  if (faq) return { kind: 'faq', faq };
  const text = normalize(input);
  if (/\bgpa\b/.test(text)) return { kind: 'gpa' };
  if (/\bcontact\b/.test(text)) return { kind: 'contact' };
  if (/\b(video|videos|highlights?|youtube|vimeo)\b/.test(text) || videoEmbedUrl(input)) return { kind: 'video' };
  return { kind: 'generic' };
}

/** The assistant's reply to a (non-empty) message. */
export function answerFor(input: string): string {
  const { kind, faq } = classify(input);
  switch (kind) {
    case 'faq':
      return faq!.answer;
    case 'gpa':
      return gpaAnswer(input);
    case 'contact':
      return contactAnswer();
    case 'video':
      return videoAnswer(input);
    default:
      return GENERIC_REPLY;
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

export type MessagePart = { kind: 'text'; value: string } | { kind: 'url'; value: string } | { kind: 'email'; value: string } | { kind: 'route'; value: string };

const LINKABLE = /(https?:\/\/[^\s<>"]+)|([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})|((?<=^|[\s(])\/(?:contact|faq|pricing|get-started|privacy|terms|consent-policy|about-us|partnerships|community)\b)/g;

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
