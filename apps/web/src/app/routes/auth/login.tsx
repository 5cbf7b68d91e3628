import { useNavigate } from 'react-router';
import { homePathFor } from '@clearport/contract/roles';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';

export function LoginRoute() {
  const navigate = useNavigate();
  return (
    <AuthLayout title={WEB_TEXTS.auth.loginTitle}>
      <LoginForm onSuccess={(session) => navigate(homePathFor(session.role), { replace: true })} />
    </AuthLayout>
  );
}
