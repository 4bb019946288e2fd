import { athleteCodeRequestError, athleteRegistrationSchema, GENDERS } from '@app/domain';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, NumberField, TextField } from '../ui/form.tsx';
import { useSmallForm } from '../ui/useZodForm.tsx';
import { useRegisterAthlete } from './api/registerAthlete.ts';
import { useRegistrationOutcome } from './useRegistrationOutcome.ts';
import { VerificationCodeField } from './VerificationCodeField.tsx';
import { sendVerificationCode } from './api/sendVerificationCode.ts';
import { NewPasswordFields, RegisterLayout } from './RegisterLayout.tsx';
import './auth.css';

const EMPTY = { email: '', fullName: '', password: '', confirmPassword: '', age: '', gender: '', verificationCode: '' };
type Values = typeof EMPTY;
/** Keys of the `auth` catalog. */
const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { male: 'genders.male', female: 'genders.female' };

/** /athlete-register: the account step with an emailed verification code (spec sections 2, 3, 5). */
export default function AthleteRegisterPage() {
  const { t } = useTranslation('auth');
  const register = useRegisterAthlete();
  const { values, errors, setErrors, set, bind, parse, formRef } = useSmallForm<Values>(EMPTY);
  const outcome = useRegistrationOutcome('athlete', setErrors);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parse(athleteRegistrationSchema);
    if (parsed) register.mutate(parsed, outcome);
  };

  return (
    <RegisterLayout
      role="athlete"
      eyebrow={t('athleteRegister.eyebrow')}
      title={t('athleteRegister.title')}
      lead={t('athleteRegister.lead')}
      aside={{
        title: t('athleteRegister.asideTitle'),
        steps: [t('athleteRegister.step1'), t('athleteRegister.step2'), t('athleteRegister.step3')],
      }}
    >
      <form ref={formRef} className="card form" onSubmit={onSubmit} noValidate aria-label={t('athleteRegister.formLabel')}>
        <div className="reg-section">
          <h2 className="reg-section-title">{t('register.yourAccount')}</h2>
          <TextField label={t('fields.email')} type="email" autoComplete="email" {...bind('email')} />
          <TextField label={t('fields.fullName')} autoComplete="name" {...bind('fullName')} />
          <NewPasswordFields password={bind('password')} confirmPassword={bind('confirmPassword')} />
          <div className="form-row">
            <NumberField label={t('fields.age')} {...bind('age')} />
            <SelectField
              label={t('fields.gender')}
              placeholder={t('fields.selectGender')}
              options={GENDERS.map((g) => ({ value: g, label: t(GENDER_LABELS[g]) }))}
              {...bind('gender')}
            />
          </div>
        </div>
        <div className="reg-section">
          <h2 className="reg-section-title">{t('register.confirmEmail')}</h2>
          <VerificationCodeField
            sendCode={(email) => sendVerificationCode('athlete', email)}
            email={values.email}
            value={values.verificationCode}
            onChange={(code) => set('verificationCode', code)}
            error={errors.verificationCode}
            checkBeforeSending={() => athleteCodeRequestError(values)}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={register.isPending}>
          {register.isPending ? t('register.creating') : t('register.create')}
        </button>
      </form>
    </RegisterLayout>
  );
}
