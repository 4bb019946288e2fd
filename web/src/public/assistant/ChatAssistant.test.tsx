// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTACT_DETAILS } from '../../chrome/navigation.ts';
import { faqEntries, suggestedQuestions } from '../faq/faqContent.ts';
import { genericReply } from './answer.ts';
import { ChatAssistant } from './ChatAssistant.tsx';

afterEach(cleanup);

const FAQ_ENTRIES = faqEntries('en');
const SUGGESTED_QUESTIONS = suggestedQuestions('en');
const GENERIC_REPLY = genericReply('en');

function renderAssistant() {
  render(
    <MemoryRouter>
      <ChatAssistant />
    </MemoryRouter>,
  );
  return {
    toggle: () => screen.getByRole('button', { name: /Chat with us|Hide assistant/ }),
    panel: () => document.querySelector('.assistant-panel') as HTMLElement,
    input: () => screen.getByLabelText<HTMLInputElement>('Your question'),
    send: (text: string) => {
      fireEvent.change(screen.getByLabelText('Your question'), { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    },
    messages: () =>
      Array.from(document.querySelectorAll<HTMLElement>('[data-author]')).map((el) => ({
        author: el.dataset.author,
        text: el.textContent.replace(/^(You said: |Assistant: )/, ''),
      })),
  };
}

const answerOf = (question: string) => FAQ_ENTRIES.find((e) => e.question === question)!.answer;

describe('ChatAssistant', () => {
  it('toggles between “Chat with us” and “Hide assistant”, showing and hiding the panel', () => {
    const ui = renderAssistant();
    expect(ui.toggle()).toHaveProperty('textContent', 'Chat with us');
    expect(ui.toggle().getAttribute('aria-expanded')).toBe('false');
    expect(ui.panel().hidden).toBe(true);
    fireEvent.click(ui.toggle());
    expect(ui.toggle()).toHaveProperty('textContent', 'Hide assistant');
    expect(ui.toggle().getAttribute('aria-expanded')).toBe('true');
    expect(ui.panel().hidden).toBe(false);
    fireEvent.click(ui.toggle());
    expect(ui.toggle()).toHaveProperty('textContent', 'Chat with us');
    expect(ui.panel().hidden).toBe(true);
  });

  it('offers three suggested questions; choosing one opens the panel and appends the question and its answer', () => {
    const ui = renderAssistant();
    const suggestions = within(screen.getByRole('group', { name: 'Suggested questions' })).getAllByRole('button');
    expect(suggestions.map((b) => b.textContent)).toEqual(SUGGESTED_QUESTIONS);
    fireEvent.click(suggestions[1]);
    expect(ui.panel().hidden).toBe(false);
    expect(ui.toggle()).toHaveProperty('textContent', 'Hide assistant');
    expect(ui.messages()).toEqual([
      { author: 'user', text: SUGGESTED_QUESTIONS[1] },
      { author: 'bot', text: answerOf(SUGGESTED_QUESTIONS[1]) },
    ]);
    fireEvent.click(suggestions[0]);
    expect(ui.messages()).toHaveLength(4);
    expect(ui.messages()[3]).toEqual({ author: 'bot', text: answerOf(SUGGESTED_QUESTIONS[0]) });
  });

  it('answers typed questions on each path and clears the input', () => {
    const ui = renderAssistant();
    fireEvent.click(ui.toggle());
    ui.send('When does the platform launch?');
    expect(ui.input().value).toBe('');
    ui.send('What GPA is 16 out of 20?');
    ui.send('How do I contact your team?');
    ui.send('Any tips for a highlight video?');
    ui.send('Do you like pizza');
    const bot = ui
      .messages()
      .filter((m) => m.author === 'bot')
      .map((m) => m.text);
    expect(bot[0]).toBe(answerOf('When does the platform launch?'));
    expect(bot[1]).toContain('16 on a 0–20 scale is a 3.2 on the 4.0 U.S. GPA scale');
    expect(bot[2]).toContain(CONTACT_DETAILS.email);
    expect(bot[3]).toContain('YouTube or Vimeo');
    expect(bot[4]).toBe(GENERIC_REPLY);
    // The contact answer links the email address and the contact page.
    expect(screen.getByRole('link', { name: CONTACT_DETAILS.email }).getAttribute('href')).toBe(`mailto:${CONTACT_DETAILS.email}`);
    expect(screen.getByRole('link', { name: '/contact' }).getAttribute('href')).toBe('/contact');
  });

  it('embeds a YouTube or Vimeo link the user shares', () => {
    const ui = renderAssistant();
    fireEvent.click(ui.toggle());
    ui.send('my highlights: https://vimeo.com/76979871');
    expect(screen.getByTitle('Highlight video preview').getAttribute('src')).toBe('https://player.vimeo.com/video/76979871');
  });

  it('ignores empty and whitespace-only input', () => {
    const ui = renderAssistant();
    fireEvent.click(ui.toggle());
    ui.send('');
    ui.send('    \t  ');
    expect(ui.messages()).toEqual([]);
    expect(ui.input().value).toBe('    \t  ');
  });
});
