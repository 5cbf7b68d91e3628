import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { AUTH_TEXTS } from '../../../config/auth-texts.ts';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';

export function ForgotPasswordRoute() {
  return (
    <AuthLayout title={AUTH_TEXTS.forgotPasswordTitle} intro={AUTH_TEXTS.forgotPasswordIntro}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
