import { useNavigate, useSearchParams } from 'react-router';
import { homePathFor } from '@clearport/contract/roles';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { AUTH_TEXTS } from '../../../config/auth-texts.ts';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { pageAfterLogin } from '../../../lib/route-guards.ts';

export function LoginRoute() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (
    <AuthLayout title={AUTH_TEXTS.loginTitle}>
      <LoginForm
        onSuccess={(session) => navigate(pageAfterLogin(search) ?? homePathFor(session.role), { replace: true })}
      />
    </AuthLayout>
  );
}
