import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { catalogTree } from './catalogTree.ts';
import { icons } from './icons.tsx';
import { usePrefersReducedMotion } from './usePrefersReducedMotion.ts';
import './public.css';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';

const HERO_POSTER = '/media/hero/hero-poster.jpg';

interface Step {
  title: string;
  text: string;
  /** The label of the link the first step carries. */
  link?: string;
}

/** Where each side's first step leads (spec section 2: register as coach / athlete). */
const FIRST_STEP_ROUTE = { coach: '/coach-register', athlete: '/athlete-register' };

const VALUE_ICONS = [icons.wallet, icons.bolt, icons.scale, icons.globe];

function HeroMedia() {
  const { t } = useTranslation('public');
  const reducedMotion = usePrefersReducedMotion();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // React sets `muted` as a property only; browsers need it before they allow autoplay.
    video.muted = true;
    if (paused) video.pause();
    else video.play().catch(() => setPaused(true));
  }, [paused, reducedMotion]);

  if (reducedMotion) return <img className="hero-media" src={HERO_POSTER} alt="" width={960} height={540} />;
  return (
    <>
      <video ref={videoRef} className="hero-media" autoPlay muted loop playsInline preload="auto" poster={HERO_POSTER} aria-hidden="true" tabIndex={-1}>
        <source src="/media/hero/hero.webm" type="video/webm" />
        <source src="/media/hero/hero.mp4" type="video/mp4" />
      </video>
      <button type="button" className="hero-video-toggle" onClick={() => setPaused((p) => !p)} aria-pressed={paused}>
        {paused ? t('landing.video.play') : t('landing.video.pause')}
      </button>
    </>
  );
}

function HowItWorks({
  id,
  title,
  audience,
  steps,
  firstStepTo,
  icon,
}: {
  id: string;
  title: string;
  audience: string;
  steps: Step[];
  firstStepTo: string;
  icon: ReactNode;
}) {
  return (
    <section className="how-block card" aria-labelledby={id}>
      <div className="how-head">
        <span className="icon-badge">{icon}</span>
        <div>
          <p className="eyebrow">{audience}</p>
          <h3 id={id}>{title}</h3>
        </div>
      </div>
      <ol className="steps">
        {steps.map((step, index) => (
          <li key={step.title} className="step">
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h4>{step.title}</h4>
              <p>{step.text}</p>
              {step.link && index === 0 && (
                <Link className="step-link" to={firstStepTo}>
                  {step.link} {icons.arrowRight}
                </Link>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function LandingPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(undefined);
  const values = catalogTree<Array<{ title: string; text: string }>>(t, 'landing.values');
  return (
    <main id="main" className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <HeroMedia />
        <div className="hero-shade" aria-hidden="true" />
        <div className="container hero-content">
          <p className="hero-kicker">{t('landing.hero.kicker')}</p>
          <h1 id="hero-title">{t('common:footer.slogan')}</h1>
          <p className="hero-lead">{t('landing.hero.lead')}</p>
          <div className="hero-actions">
            <Link className="btn btn-primary btn-lg" to="/get-started">
              {t('landing.hero.getStarted')}
            </Link>
            <a className="btn btn-light-outline btn-lg" href="#how-it-works">
              {t('landing.hero.howItWorks')}
            </a>
          </div>
        </div>
      </section>

      <section className="container intro" aria-labelledby="intro-title">
        <div className="card intro-card">
          <div className="intro-text">
            <p className="eyebrow">{t('landing.intro.eyebrow')}</p>
            <h2 id="intro-title">{t('landing.intro.title')}</h2>
            <p>{t('landing.intro.text')}</p>
          </div>
          <ul className="values">
            {values.map((v, index) => (
              <li key={v.title}>
                <span className="icon-badge icon-badge-sm">{VALUE_ICONS[index]}</span>
                <div>
                  <h3>{v.title}</h3>
                  <p className="muted">{v.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="how-it-works" className="container section how" aria-labelledby="how-title">
        <header className="section-header center">
          <p className="eyebrow">{t('landing.how.eyebrow')}</p>
          <h2 id="how-title">{t('landing.how.title')}</h2>
        </header>
        <div className="how-grid">
          <HowItWorks
            id="how-coaches"
            audience={t('landing.how.coaches.audience')}
            title={t('landing.how.coaches.title')}
            steps={catalogTree<Step[]>(t, 'landing.how.coaches.steps')}
            firstStepTo={FIRST_STEP_ROUTE.coach}
            icon={icons.whistle}
          />
          <HowItWorks
            id="how-athletes"
            audience={t('landing.how.athletes.audience')}
            title={t('landing.how.athletes.title')}
            steps={catalogTree<Step[]>(t, 'landing.how.athletes.steps')}
            firstStepTo={FIRST_STEP_ROUTE.athlete}
            icon={icons.ball}
          />
        </div>
        <p className="center muted how-agents">
          {t('landing.how.agents')} <Link to="/agent-login">{t('landing.how.agentSignIn')}</Link>
        </p>
      </section>

      <section className="cta-band" aria-labelledby="cta-title">
        <div className="container cta-inner">
          <div>
            <h2 id="cta-title">{t('landing.cta.title')}</h2>
            <p>{t('landing.cta.text')}</p>
          </div>
          <Link className="btn btn-primary btn-lg" to="/get-started">
            {t('landing.cta.button')}
          </Link>
        </div>
      </section>
    </main>
  );
}
