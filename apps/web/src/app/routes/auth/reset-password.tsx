import { useParams, useSearchParams } from 'react-router';
import { setPasswordWelcomeOf } from '@clearport/contract/auth';
import { fillText } from '@clearport/contract/texts';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { AUTH_TEXTS } from '../../../config/auth-texts.ts';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';

/**
 * Reset password (spec section 2). A new user's set-password link (`welcome=1`) opens it as Set
 * your password, greeting them by name, with their e-mail filled in and read-only.
 */
export function ResetPasswordRoute() {
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const welcome = setPasswordWelcomeOf(searchParams);
  if (!welcome) {
    return (
      <AuthLayout title={AUTH_TEXTS.resetPasswordTitle} intro={AUTH_TEXTS.resetPasswordIntro}>
        <ResetPasswordForm token={token} />
      </AuthLayout>
    );
  }
  const intro = welcome.name
    ? fillText(AUTH_TEXTS.setPasswordIntro, { name: welcome.name })
    : AUTH_TEXTS.setPasswordIntroNoName;
  return (
    <AuthLayout title={AUTH_TEXTS.setPasswordTitle} intro={intro}>
      <ResetPasswordForm token={token} email={welcome.email || undefined} isNewPassword />
    </AuthLayout>
  );
}
