import { Link } from 'react-router-dom';
import { icons } from './icons.tsx';
import './public.css';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';

const ROLES = [
  {
    title: 'Player',
    to: '/athlete-login',
    icon: icons.ball,
    text: 'Student-athletes: build your profile, see the programs that match you and meet your partner agency.',
    points: ['Grades converted to a U.S. GPA', 'Matches shared by coaches', 'Guidance from a partner agency'],
  },
  {
    title: 'Coach',
    to: '/coach-login',
    icon: icons.whistle,
    text: 'College coaches and staff: post recruitment requests and get a ranked, explained shortlist.',
    points: ['Program profile and requests', 'Scores that explain themselves', 'Share ⚡️ matches with athletes'],
  },
  {
    title: 'Agent',
    to: '/agent-login',
    icon: icons.briefcase,
    text: 'Partner agencies: follow the athletes you represent and the matches coaches share with them.',
    points: ['Your agency roster', 'Matches by status', 'Player quick stats'],
  },
];

export default function GetStartedPage() {
  useDocumentTitle('Choose your role');
  return (
    <main id="main" className="page container">
      <header className="page-header center">
        <p className="eyebrow">Get started</p>
        <h1>Choose your role</h1>
        <p className="lead center-block">Each role has its own sign-in and workspace. Pick the one that describes you.</p>
      </header>
      <ul className="role-grid">
        {ROLES.map((role) => (
          <li key={role.title}>
            <Link to={role.to} className="card role-card">
              <span className="icon-badge">{role.icon}</span>
              <h2>{role.title}</h2>
              <p className="muted">{role.text}</p>
              <ul className="check-list">
                {role.points.map((point) => (
                  <li key={point}>
                    {icons.check}
                    {point}
                  </li>
                ))}
              </ul>
              <span className="role-cta">
                Continue as {role.title} {icons.arrowRight}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="center muted role-register">
        New here? Create an account as an <Link to="/athlete-register">athlete</Link>, a <Link to="/coach-register">coach</Link> or an <Link to="/agent-register">agent</Link>.
      </p>
    </main>
  );
}
