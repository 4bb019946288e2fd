import { Link } from 'react-router-dom';
import { TextField } from '../ui/form.tsx';
import { CHANGE_EMAIL_PATH } from './pages.ts';

/** The account's sign-in email on a profile form: shown, not edited there; its hint links to "Change email". */
export function SignInEmailField({ label, email, hint, changeLabel }: { label: string; email: string; hint: string; changeLabel: string }) {
  return (
    <TextField
      label={label}
      name="email"
      type="email"
      value={email}
      readOnly
      disabled
      hint={
        <>
          {hint} <Link to={CHANGE_EMAIL_PATH}>{changeLabel}</Link>
        </>
      }
    />
  );
}
