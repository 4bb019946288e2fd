import { describe, expect, it } from 'vitest';
import { CONTACT_DETAILS } from '../../chrome/navigation.ts';
import { i18n } from '../../i18n/index.ts';
import { faqEntries, faqGroups, suggestedQuestions } from '../faq/faqContent.ts';
import { answerFor, classify, exchange, genericReply, matchFaq, messageParts, parseGrade, videoEmbedUrl } from './answer.ts';

const FAQ_ENTRIES = faqEntries('en');
const SUGGESTED_QUESTIONS = suggestedQuestions('en');
const GENERIC_REPLY = genericReply('en');

describe('assistant answers', () => {
  it('answers every FAQ question with its FAQ answer, whatever the case and punctuation', () => {
    for (const entry of FAQ_ENTRIES) {
      expect(answerFor(entry.question)).toBe(entry.answer);
      expect(answerFor(`  ${entry.question.toUpperCase().replace(/\?$/, '')}!! `)).toBe(entry.answer);
    }
  });

  it('matches a FAQ question asked with the same words but different filler', () => {
    expect(matchFaq('how does matching work')?.question).toBe('How does the matching work?');
    expect(matchFaq('Which sports are supported?')).toBeNull();
    expect(matchFaq('matching')).toBeNull();
  });

  it('suggests three questions, each answered from the FAQ', () => {
    expect(SUGGESTED_QUESTIONS).toHaveLength(3);
    for (const q of SUGGESTED_QUESTIONS) expect(classify(q).kind).toBe('faq');
  });

  it('has the three FAQ groups of the spec', () => {
    expect(faqGroups(i18n.getFixedT('en', 'public')).map((g) => g.title)).toEqual(['For Athletes', 'For Coaches & Universities', 'General Questions']);
  });

  it('converts a grade on a named scale to the 4.0 GPA', () => {
    expect(answerFor('What is my GPA with 8.5/10?')).toContain('is a 3.4 on the 4.0 U.S. GPA scale');
    expect(answerFor('gpa for 15 out of 20')).toContain('15 on a 0–20 scale is a 3.0');
    expect(answerFor('My GPA? I have 85 on a 100-point scale')).toContain('85 on a 0–100 scale is a 3.4');
    expect(answerFor('gpa 7,8 (0-10)')).toContain('7.8 on a 0–10 scale is a 3.1');
  });

  it('infers the scale from the size of the number and says so', () => {
    const reply = answerFor('convert 16 to gpa');
    expect(reply).toContain('16 on a 0–20 scale');
    expect(reply).toContain('I assumed a 0–20 scale');
    expect(reply).toContain('3.2');
  });

  it('explains the conversion when no grade is given, and handles GPAs and impossible grades', () => {
    expect(answerFor('what is a gpa?')).toContain('average ÷ scale maximum × 4');
    expect(answerFor('my gpa is 3.6')).toContain('already looks like a GPA');
    expect(answerFor('gpa 12/10')).toContain('above the maximum of the scale');
  });

  it('parses grades without mistaking the 4.0 target for the grade', () => {
    expect(parseGrade('convert 9/10 to a 4.0 gpa')).toEqual({ average: 9, scale: 'ten-point', assumedScale: false, gpa: 3.6 });
    expect(parseGrade('no numbers here')).toBeNull();
  });

  it('gives the contact details for the contact keyword', () => {
    const reply = answerFor('I need to contact a person');
    expect(reply).toContain(CONTACT_DETAILS.email);
    expect(reply).toContain('/contact');
    expect(reply).toContain('24 hours');
  });

  it('answers the video keyword with advice, and echoes a YouTube or Vimeo link for embedding', () => {
    expect(classify('tips for my highlight video').kind).toBe('video');
    expect(answerFor('tips for my highlight video')).toContain('YouTube or Vimeo');
    const withLink = answerFor('here is my reel https://youtu.be/dQw4w9WgXcQ');
    expect(withLink).toContain('https://youtu.be/dQw4w9WgXcQ');
    expect(videoEmbedUrl(withLink)).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(classify('https://vimeo.com/123456789').kind).toBe('video');
  });

  it('keeps the spec order: FAQ before gpa before contact before video', () => {
    expect(classify('How do I convert my grades to a U.S. GPA?').kind).toBe('faq');
    expect(classify('contact me about my gpa').kind).toBe('gpa');
    expect(classify('contact you about my video').kind).toBe('contact');
  });

  it('replies with a generic follow-up to anything else', () => {
    expect(answerFor('Hola, qué tal?')).toBe(GENERIC_REPLY);
    expect(classify('videogames').kind).toBe('generic');
  });
});

describe('videoEmbedUrl', () => {
  it('recognises YouTube and Vimeo links', () => {
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(videoEmbedUrl('https://player.vimeo.com/video/76979871')).toBe('https://player.vimeo.com/video/76979871');
  });
  it('ignores other links and malformed ids', () => {
    expect(videoEmbedUrl('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbedUrl('https://youtu.be/short')).toBeNull();
    expect(videoEmbedUrl('https://vimeo.com/about')).toBeNull();
  });
});

describe('exchange', () => {
  it('adds the question and its answer with fresh ids and the message shape', () => {
    let n = 0;
    const messages = exchange('  How can I contact you?  ', () => `m${++n}`);
    expect(messages).toEqual([
      { id: 'm1', author: 'user', content: 'How can I contact you?' },
      { id: 'm2', author: 'bot', content: FAQ_ENTRIES.find((e) => e.question === 'How can I contact you?')!.answer },
    ]);
  });
  it('ignores empty and whitespace-only input', () => {
    const nextId = () => 'x';
    expect(exchange('', nextId)).toEqual([]);
    expect(exchange(' \n\t ', nextId)).toEqual([]);
  });
});

describe('messageParts', () => {
  it('finds addresses, emails and our pages, leaving closing punctuation as text', () => {
    expect(messageParts('Write to a@b.co or see /contact. Video: https://youtu.be/dQw4w9WgXcQ.')).toEqual([
      { kind: 'text', value: 'Write to ' },
      { kind: 'email', value: 'a@b.co' },
      { kind: 'text', value: ' or see ' },
      { kind: 'route', value: '/contact' },
      { kind: 'text', value: '. Video: ' },
      { kind: 'url', value: 'https://youtu.be/dQw4w9WgXcQ' },
      { kind: 'text', value: '.' },
    ]);
  });
  it('does not link a path inside a word or an unknown page', () => {
    expect(messageParts('and/contact /unknown')).toEqual([{ kind: 'text', value: 'and/contact /unknown' }]);
  });
});

describe('assistant in Spanish', () => {
  it('answers each FAQ question, asked in either language, in the language it is told', () => {
    const english = faqEntries('en');
    const spanish = faqEntries('es');
    spanish.forEach((entry, index) => {
      expect(answerFor(entry.question, 'es')).toBe(entry.answer);
      expect(answerFor(entry.question, 'en')).toBe(english[index].answer);
      expect(answerFor(english[index].question, 'es')).toBe(entry.answer);
    });
    expect(matchFaq('como funciona el emparejamiento')?.id).toBe('matching');
  });

  it('follows the current language of the interface', async () => {
    await i18n.changeLanguage('es');
    try {
      expect(answerFor('¿Cuánto cuesta para los deportistas?')).toContain('cuota única de compromiso');
      expect(suggestedQuestions()).toEqual(suggestedQuestions('es'));
      expect(answerFor('Hola, qué tal?')).toBe(genericReply('es'));
      expect(genericReply()).toContain('¡Gracias por tu mensaje!');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('understands Spanish grades and answers with Spanish decimals', () => {
    expect(answerFor('¿Qué GPA tengo con un 8,5 sobre 10?', 'es')).toContain('Un 8,5 en una escala de 0–10 equivale a un 3,4');
    expect(answerFor('mi nota media es 15 de 20', 'es')).toContain('Un 15 en una escala de 0–20 equivale a un 3,0');
    expect(answerFor('notas: 85 sobre 100', 'en')).toContain('85 on a 0–100 scale is a 3.4');
    expect(answerFor('convierte mi nota 16', 'es')).toContain('he supuesto una escala de 0–20');
    expect(answerFor('¿qué es el gpa?', 'es')).toContain('media ÷ máximo de la escala × 4');
  });

  it('understands the contact and video keywords in Spanish', () => {
    expect(classify('quiero contactar con alguien').kind).toBe('contact');
    const contact = answerFor('quiero contactar con alguien', 'es');
    expect(contact).toContain(CONTACT_DETAILS.email);
    expect(contact).toContain('/contact');
    expect(contact).toContain('Respondemos en 24 horas');
    expect(classify('consejos para mi vídeo').kind).toBe('video');
    expect(answerFor('consejos para mi vídeo', 'es')).toContain('YouTube o Vimeo');
    const withLink = answerFor('aquí está mi vídeo https://youtu.be/dQw4w9WgXcQ', 'es');
    expect(withLink).toContain('¡Gracias por compartir tu vídeo!');
    expect(videoEmbedUrl(withLink)).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });
});
