// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import AboutPage from './AboutPage.tsx';
import ContactPage from './ContactPage.tsx';
import FaqPage from './FaqPage.tsx';
import GetStartedPage from './GetStartedPage.tsx';
import LandingPage from './LandingPage.tsx';
import LegalPage from './legal/LegalPage.tsx';
import PricingPage from './PricingPage.tsx';

/** The public pages with the interface in Spanish (issue 19). */
beforeAll(async () => {
  await i18n.changeLanguage('es');
  // jsdom has no media playback; the landing's hero video calls play().
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  HTMLMediaElement.prototype.pause = () => {};
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

function renderPage(page: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('public pages in Spanish', () => {
  it('landing: tagline, both How It Works blocks and their first-step links', () => {
    renderPage(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tu futuro, con su match.');
    expect(screen.getByRole('heading', { name: 'Cómo funciona para entrenadores' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Regístrate como entrenador/ }).getAttribute('href')).toBe('/coach-register');
    expect(screen.getByRole('link', { name: /Crea tu perfil de deportista/ }).getAttribute('href')).toBe('/athlete-register');
    expect(screen.getByRole('link', { name: 'Empezar' }).getAttribute('href')).toBe('/get-started');
    expect(screen.queryByText(/How It Works|Get Started/)).toBeNull();
  });

  it('role choice: the three roles and the registration sentence with its links', () => {
    renderPage(<GetStartedPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Elige tu perfil');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Jugador', 'Entrenador', 'Agente']);
    const register = screen.getByText(/¿Eres nuevo\?/);
    expect(register.textContent).toBe('¿Eres nuevo? Crea una cuenta como deportista, entrenador o agente.');
    expect(within(register).getByRole('link', { name: 'entrenador' }).getAttribute('href')).toBe('/coach-register');
    expect(document.title).toBe('Elige tu perfil · RecruitMatch');
  });

  it('about: team roles and a story in Spanish, opened and closed', () => {
    renderPage(<AboutPage />);
    expect(screen.getByText('Cofundadora y consejera delegada')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Retrato de Lucía Fernández' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Lee la historia de Lucía' }));
    const dialog = screen.getByRole('dialog', { name: 'De la Segunda RFEF a un campus de Estados Unidos' });
    expect(within(dialog).getByText('«Cada jugador debería saber lo que vale para un programa en días, no en años.»')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Empieza tu camino' }).getAttribute('href')).toBe('/get-started');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar la historia' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('pricing: plans and the note with its links', () => {
    renderPage(<PricingPage />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Pagos únicos', 'Suscripción prémium', 'Patrocinios']);
    expect(screen.getByText('Próximamente')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'contáctanos' }).getAttribute('href')).toBe('/contact');
  });

  it('FAQ: the three groups, a Spanish answer with its link, and the assistant answering in Spanish', () => {
    renderPage(<FaqPage />);
    expect(
      screen
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent)
        .slice(0, 3),
    ).toEqual(['Para deportistas', 'Para entrenadores y universidades', 'Preguntas generales']);
    expect(Array.from(document.querySelectorAll('summary')).map((s) => s.textContent)).toContain('¿Cuánto cuesta para los deportistas?');
    expect(screen.getAllByRole('link', { name: 'Ver precios →' })[0].getAttribute('href')).toBe('/pricing');
    const suggestions = within(screen.getByRole('group', { name: 'Preguntas sugeridas' })).getAllByRole('button');
    expect(suggestions.map((b) => b.textContent)).toEqual([
      '¿Cómo funciona el emparejamiento?',
      '¿Cómo convierto mis notas al GPA estadounidense?',
      '¿Cuánto cuesta para los deportistas?',
    ]);
    fireEvent.click(suggestions[1]);
    expect(screen.getByRole('button', { name: 'Ocultar el asistente' })).toBeTruthy();
    expect(screen.getByRole('log').textContent).toContain('un 8,5 sobre 10 equivale a un GPA de 3,4');
  });

  it('legal: the Spanish text with the brand, the date in Spanish and the other policies', () => {
    renderPage(<LegalPage doc="privacy" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Política de privacidad');
    expect(screen.getByText('Última actualización: 1 de junio de 2025')).toBeTruthy();
    expect(screen.getByText(/datos personales recoge RecruitMatch/)).toBeTruthy();
    expect(screen.getByText(/Para ejercer tus derechos, escribe a privacy@recruiting\.local\. Respondemos en 24 horas/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Conservación y seguridad' }).getAttribute('href')).toBe('#conservacion-y-seguridad');
    expect(document.getElementById('conservacion-y-seguridad')).toBeTruthy();
    const toc = screen.getByRole('navigation', { name: 'En esta página' });
    expect(within(toc).getByRole('link', { name: 'Condiciones del servicio' }).getAttribute('href')).toBe('/terms');
    expect(within(toc).queryByRole('link', { name: 'Política de privacidad' })).toBeNull();
  });

  it('contact: Spanish labels and subjects, sending the spec value, and the Spanish thanks', async () => {
    const sent: unknown[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(init.body as string));
      return new Response(JSON.stringify({ message: 'Thanks for reaching out! We’ll respond soon.' }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    try {
      renderPage(<ContactPage />);
      expect(screen.getByText(/Deportistas, entrenadores y colaboradores: respondemos en 24 horas/)).toBeTruthy();
      const subject = screen.getByLabelText<HTMLSelectElement>(/Asunto/);
      expect(Array.from(subject.options).map((o) => o.textContent)).toEqual([
        'Elige un asunto',
        'Deportista',
        'Entrenador/universidad',
        'Colaboración',
        'Otro',
      ]);
      fireEvent.change(screen.getByLabelText(/Nombre/), { target: { value: 'Ana' } });
      fireEvent.change(screen.getByLabelText(/Correo electrónico/), { target: { value: 'ana@example.com' } });
      fireEvent.change(subject, { target: { value: 'Coach/University' } });
      fireEvent.change(screen.getByLabelText(/Mensaje/), { target: { value: 'Hola' } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
      });
      expect(sent).toEqual([{ name: 'Ana', email: 'ana@example.com', subject: 'Coach/University', message: 'Hola' }]);
      expect((await screen.findByRole('status')).textContent).toBe('¡Gracias por escribirnos! Te responderemos pronto.');
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
