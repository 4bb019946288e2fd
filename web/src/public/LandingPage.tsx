import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { icons } from './icons.tsx';
import { usePrefersReducedMotion } from './usePrefersReducedMotion.ts';
import './public.css';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';

const HERO_POSTER = '/media/hero/hero-poster.jpg';

interface Step {
  title: string;
  text: string;
  link?: { to: string; label: string };
}

const COACH_STEPS: Step[] = [
  {
    title: 'Create your university profile',
    text: 'Tell us about your program once: division, region, school size, academic and language minimums.',
    link: { to: '/coach-register', label: 'Register as a coach' },
  },
  { title: 'Submit a recruitment request', text: 'Positions, player level, age range, start terms, budget and the extras you value. Mark it urgent when you need a player fast.' },
  { title: 'Get a curated shortlist and request contact', text: 'Athletes ranked by a score that explains itself, only at 70% or above. Share a ⚡️ match to request contact.' },
];

const ATHLETE_STEPS: Step[] = [
  {
    title: 'Create your profile',
    text: 'Academics, athletic profile, preferences and your highlight video, in one place. We convert your grades to a U.S. GPA for you.',
    link: { to: '/athlete-register', label: 'Create your athlete profile' },
  },
  { title: 'Get matched with universities', text: 'Coaches from NCAA, NAIA and NJCAA programs see you when you fit what they are looking for, and share their matches with you.' },
  { title: 'Get introduced to a partner agency', text: 'Eture, Global College or Mae represent you, follow your matches and guide you through admissions and visas.' },
];

const VALUES = [
  { icon: icons.wallet, title: 'Affordable', text: 'One-time fees for athletes, no endless subscriptions.' },
  { icon: icons.bolt, title: 'Efficient', text: 'Coaches get a shortlist in seconds, not a pile of videos.' },
  { icon: icons.scale, title: 'Transparent', text: 'Every score shows its parts: position, academics, level, region, budget, extras.' },
  { icon: icons.globe, title: 'Inclusive', text: 'Men’s and women’s soccer, every budget, every level.' },
];

function HeroMedia() {
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
        {paused ? 'Play background video' : 'Pause background video'}
      </button>
    </>
  );
}

function HowItWorks({ id, title, audience, steps, icon }: { id: string; title: string; audience: string; steps: Step[]; icon: ReactNode }) {
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
              {step.link && (
                <Link className="step-link" to={step.link.to}>
                  {step.link.label} {icons.arrowRight}
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
  useDocumentTitle(undefined);
  return (
    <main id="main" className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <HeroMedia />
        <div className="hero-shade" aria-hidden="true" />
        <div className="container hero-content">
          <p className="hero-kicker">Early access · Open to athletes and coaches</p>
          <h1 id="hero-title">Your Future, Matched.</h1>
          <p className="hero-lead">The AI-powered recruiting platform that connects international student-athletes with US universities (NCAA, NAIA, NJCAA) and partner recruitment agencies.</p>
          <div className="hero-actions">
            <Link className="btn btn-primary btn-lg" to="/get-started">
              Get Started
            </Link>
            <a className="btn btn-light-outline btn-lg" href="#how-it-works">
              How it works
            </a>
          </div>
        </div>
      </section>

      <section className="container intro" aria-labelledby="intro-title">
        <div className="card intro-card">
          <div className="intro-text">
            <p className="eyebrow">Why RecruitMatch</p>
            <h2 id="intro-title">Talent from Spain and Europe, a program that fits, a partner at your side</h2>
            <p>
              Finding the right US college used to mean years of emails and guesswork. We match soccer players with university programs on what really matters, position, academics,
              level, region and budget, and introduce them to a partner agency that follows every step.
            </p>
          </div>
          <ul className="values">
            {VALUES.map((v) => (
              <li key={v.title}>
                <span className="icon-badge icon-badge-sm">{v.icon}</span>
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
          <p className="eyebrow">How It Works</p>
          <h2 id="how-title">Three steps on each side of the match</h2>
        </header>
        <div className="how-grid">
          <HowItWorks id="how-coaches" audience="For coaches" title="How It Works for coaches" steps={COACH_STEPS} icon={icons.whistle} />
          <HowItWorks id="how-athletes" audience="For student-athletes" title="How It Works for student-athletes" steps={ATHLETE_STEPS} icon={icons.ball} />
        </div>
        <p className="center muted how-agents">
          Partner agencies follow the athletes they represent and every match coaches share with them. <Link to="/agent-login">Agent sign in</Link>
        </p>
      </section>

      <section className="cta-band" aria-labelledby="cta-title">
        <div className="container cta-inner">
          <div>
            <h2 id="cta-title">Ready to find your match?</h2>
            <p>Players, coaches and agents each have their own space. Pick yours and start in minutes.</p>
          </div>
          <Link className="btn btn-primary btn-lg" to="/get-started">
            Choose your role
          </Link>
        </div>
      </section>
    </main>
  );
}
