import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { suggestedQuestions } from '../faq/faqContent.ts';
import { icons } from '../icons.tsx';
import { exchange, messageParts, videoEmbedUrl, type ChatMessage } from './answer.ts';
import '../public.css';

function MessageBody({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('public');
  const embed = message.author === 'bot' ? videoEmbedUrl(message.content) : null;
  return (
    <>
      <p>
        {messageParts(message.content).map((part, i) => {
          if (part.kind === 'url')
            return (
              <a key={i} href={part.value} target="_blank" rel="noopener noreferrer">
                {part.value}
              </a>
            );
          if (part.kind === 'email')
            return (
              <a key={i} href={`mailto:${part.value}`}>
                {part.value}
              </a>
            );
          if (part.kind === 'route')
            return (
              <Link key={i} to={part.value}>
                {part.value}
              </Link>
            );
          return <span key={i}>{part.value}</span>;
        })}
      </p>
      {embed && (
        <div className="assistant-video">
          <iframe
            src={embed}
            title={t('assistant.videoPreview')}
            loading="lazy"
            allow="encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      )}
    </>
  );
}

/** Chat assistant panel (FAQ and Contact pages): answers from the FAQ and a few keywords. */
export function ChatAssistant({ title }: { title?: string }) {
  const { t } = useTranslation('public');
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const counter = useRef(0);
  const logRef = useRef<HTMLDivElement>(null);
  const ids = useId();
  const panelId = `${ids}-panel`;
  const inputId = `${ids}-input`;
  const titleId = `${ids}-title`;

  const nextId = () => `${ids}-m${++counter.current}`;
  const ask = (text: string) => {
    const added = exchange(text, nextId);
    if (added.length === 0) return false;
    setMessages((current) => [...current, ...added]);
    return true;
  };

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, open]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (ask(draft)) setDraft('');
  };

  const chooseSuggestion = (question: string) => {
    setOpen(true);
    ask(question);
  };

  return (
    <section className="assistant card" aria-labelledby={titleId}>
      <div className="assistant-head">
        <span className="assistant-avatar" aria-hidden="true">
          {icons.chat}
        </span>
        <div>
          <h2 id={titleId}>{title ?? t('assistant.title')}</h2>
          <p className="muted">{t('assistant.intro')}</p>
        </div>
      </div>
      <div className="assistant-suggestions" role="group" aria-label={t('assistant.suggested')}>
        {suggestedQuestions().map((question) => (
          <button key={question} type="button" className="chip assistant-chip" onClick={() => chooseSuggestion(question)}>
            {question}
          </button>
        ))}
      </div>
      <button
        type="button"
        className={`btn ${open ? 'btn-outline' : 'btn-secondary'} btn-block`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('assistant.hide') : t('assistant.open')}
      </button>
      <div id={panelId} className="assistant-panel" hidden={!open}>
        <div className="assistant-log" ref={logRef} role="log" aria-live="polite" aria-label={t('assistant.conversation')} tabIndex={0}>
          <div className="assistant-msg assistant-msg-bot">
            <p>{t('assistant.greeting')}</p>
          </div>
          {messages.map((message) => (
            <div key={message.id} className={`assistant-msg assistant-msg-${message.author}`} data-author={message.author}>
              <span className="sr-only">{message.author === 'user' ? t('assistant.youSaid') : t('assistant.assistantSaid')} </span>
              <MessageBody message={message} />
            </div>
          ))}
        </div>
        <form className="assistant-form" onSubmit={onSubmit}>
          <label htmlFor={inputId} className="sr-only">
            {t('assistant.yourQuestion')}
          </label>
          <input
            id={inputId}
            className="input"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('assistant.placeholder')}
            autoComplete="off"
            maxLength={500}
          />
          <button type="submit" className="btn btn-primary">
            {t('assistant.send')}
          </button>
        </form>
      </div>
    </section>
  );
}
