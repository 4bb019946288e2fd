import { NavLink } from 'react-router-dom';

/** Links between the two agent pages. */
export function AgentNav() {
  return (
    <nav className="agent-nav" aria-label="Agent workspace">
      <NavLink to="/agent-dashboard" end>
        Dashboard
      </NavLink>
      <NavLink to="/agent/players">Agency roster</NavLink>
    </nav>
  );
}
