import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { BENEFITS, FAQ, STEPS, TESTIMONIALS } from '../api/content';

/** `heroCard`: what the hero shows beside the pitch (the app composes the traders feature's top trader). */
export function Home({ heroCard }: { heroCard?: ReactNode } = {}) {
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">Copy trading, done transparently</p>
            <h1>Mirrorline</h1>
            <p className="hero__lead">
              Copy the trades of proven traders, in proportion to what you put in. Real statistics, a checked ledger, and you stay in control.
            </p>
            <div className="hero__cta">
              <Link to="/register" className="btn btn--primary btn--lg">Get Started</Link>
              <Link to="/traders" className="btn btn--outline btn--lg">Browse traders</Link>
            </div>
          </div>
          {heroCard}
        </div>
      </section>

      <section className="section container" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="section__title">Why Mirrorline</h2>
        <div className="grid grid--4">
          {BENEFITS.map((b) => (
            <article key={b.title} className="card feature">
              <h3>{b.title}</h3>
              <p className="muted">{b.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="how-title">
        <div className="container">
          <h2 id="how-title" className="section__title">How it works</h2>
          <ol className="how-steps">
            {STEPS.map((s, i) => (
              <li key={s.title} className="card how-step">
                <span className="how-step__n" aria-hidden="true">{i + 1}</span>
                <h3>{s.title}</h3>
                <p className="muted">{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section container" aria-labelledby="faq-title">
        <h2 id="faq-title" className="section__title">Frequently asked questions</h2>
        <div className="faq">
          {FAQ.map((f) => (
            <details key={f.q} className="faq__item">
              <summary>{f.q}</summary>
              <p>{f.a}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="testimonials-title">
        <div className="container">
          <h2 id="testimonials-title" className="section__title">What our users say</h2>
          <div className="grid grid--3">
            {TESTIMONIALS.map((t) => (
              <figure key={t.name} className="card testimonial">
                <blockquote>“{t.text}”</blockquote>
                <figcaption>
                  <strong>{t.name}</strong>
                  <span className="muted"> · {t.occupation}</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>

      <section className="section container cta-band">
        <h2>Ready to start?</h2>
        <p className="muted">Create an account in two minutes. Trading involves risk; read the warning below.</p>
        <Link to="/register" className="btn btn--primary btn--lg">Create an account</Link>
      </section>
    </>
  );
}
