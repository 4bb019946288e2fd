import { athleteCodeRequestError, athleteRegistrationSchema, GENDERS } from '@app/domain';
import { useState, type FormEvent } from 'react';
import { firstErrorByField, SelectField, TextField } from '../ui/form.tsx';
import { useRegisterAthlete } from './api/registerAthlete.ts';
import { useRegistrationOutcome } from './useRegistrationOutcome.ts';
import { VerificationCodeField } from './VerificationCodeField.tsx';
import { sendVerificationCode } from './api/sendVerificationCode.ts';
import { NewPasswordFields, RegisterLayout } from './RegisterLayout.tsx';
import './auth.css';

const EMPTY = { email: '', fullName: '', password: '', confirmPassword: '', age: '', gender: '', verificationCode: '' };
type Values = typeof EMPTY;
const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { male: 'Male', female: 'Female' };

/** /athlete-register: the account step with an emailed verification code (spec sections 2, 3, 5). */
export default function AthleteRegisterPage() {
  const register = useRegisterAthlete();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const outcome = useRegistrationOutcome('athlete', setErrors);

  const setValue = (key: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _removed, ...rest }) => rest);
  };
  const bind = (key: keyof Values) => ({ value: values[key], onChange: (e: { target: { value: string } }) => setValue(key, e.target.value), error: errors[key] });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = athleteRegistrationSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrorByField(parsed.error.issues));
      return;
    }
    setErrors({});
    register.mutate(parsed.data, outcome);
  };

  return (
    <RegisterLayout
      role="athlete"
      eyebrow="Players"
      title="Create your player account"
      lead="One account for your profile, your matches and the coaches who want to meet you."
      aside={{
        title: 'How it works',
        steps: [
          'Create your account and confirm your email.',
          'Complete your profile: academics, football, preferences.',
          'Coaches find you, and matches appear on your dashboard.',
        ],
      }}
    >
          <form className="card form" onSubmit={onSubmit} noValidate aria-label="Player registration">
            <div className="reg-section">
              <h2 className="reg-section-title">Your account</h2>
              <TextField label="Email" name="email" type="email" autoComplete="email" {...bind('email')} />
              <TextField label="Full name" name="fullName" autoComplete="name" {...bind('fullName')} />
              <NewPasswordFields password={{ name: 'password', ...bind('password') }} confirmPassword={{ name: 'confirmPassword', ...bind('confirmPassword') }} />
              <div className="form-row">
                <TextField label="Age" name="age" type="number" inputMode="numeric" min={10} max={40} {...bind('age')} />
                <SelectField
                  label="Gender"
                  name="gender"
                  placeholder="Select gender"
                  options={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
                  {...bind('gender')}
                />
              </div>
            </div>
            <div className="reg-section">
              <h2 className="reg-section-title">Confirm your email</h2>
              <VerificationCodeField
                sendCode={(email) => sendVerificationCode('athlete', email)}
                email={values.email}
                value={values.verificationCode}
                onChange={(code) => setValue('verificationCode', code)}
                error={errors.verificationCode}
                checkBeforeSending={() => athleteCodeRequestError(values)}
              />
            </div>
            <button type="submit" className="btn btn-primary btn-block" disabled={register.isPending}>
              {register.isPending ? 'Creating account…' : 'Create account'}
            </button>
          </form>
    </RegisterLayout>
  );
}
