import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/client.ts';
import { firstErrorByField } from '../ui/form.tsx';
import { useToast } from '../ui/toast.tsx';
import type { Role } from './api.ts';
import { ROLE_AREAS } from './roles.ts';

/**
 * What every registration form does with the server's answer: on success the role's toast and
 * its dashboard; on failure the field errors next to their fields (mapped to the form's names
 * where they differ) and the message as a toast.
 */
export function useRegistrationOutcome(role: Role, showErrors: (errors: Record<string, string>) => void, formField: (path: string) => string = (p) => p) {
  const area = ROLE_AREAS[role];
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useTranslation('auth');
  return {
    onSuccess: () => {
      toast.success(t(area.text.registeredToast));
      navigate(area.dashboardPath, { replace: true });
    },
    onError: (error: Error) => {
      if (error instanceof ApiError && error.errors) showErrors(firstErrorByField(error.errors.map((e) => ({ ...e, path: formField(e.path) }))));
      toast.error(error.message);
    },
  };
}
