import { useParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';

export function ResetPasswordRoute() {
  const { token = '' } = useParams();
  return (
    <AuthLayout title={WEB_TEXTS.auth.resetPasswordTitle} intro={WEB_TEXTS.auth.resetPasswordIntro}>
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}
