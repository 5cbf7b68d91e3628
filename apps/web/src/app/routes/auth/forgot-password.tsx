import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';

export function ForgotPasswordRoute() {
  return (
    <AuthLayout title={WEB_TEXTS.auth.forgotPasswordTitle} intro={WEB_TEXTS.auth.forgotPasswordIntro}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
