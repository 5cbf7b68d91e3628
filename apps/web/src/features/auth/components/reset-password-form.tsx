import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { resetFormError } from '@clearport/contract/auth';
import { SIGN_IN_TEXTS } from '@clearport/contract/sign-in-texts';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { AUTH_TEXTS } from '../../../config/auth-texts.ts';
import { hasStatus } from '../../../lib/api-client.ts';
import { useResetPassword } from '../api/reset-password.ts';
import styles from './auth-form.module.css';

type ResetPasswordFormProps = {
  /** The single-use token from the e-mailed link. */
  token: string;
  /** The e-mail a set-password link names: filled in and read-only. */
  email?: string | undefined;
  /** A new user choosing a first password: the button reads Set password. */
  isNewPassword?: boolean;
};

type Field = 'email' | 'password' | 'confirmation';

/** The field each of the spec's reset messages is about. */
const FIELD_OF_MESSAGE: Record<string, Field> = {
  [SIGN_IN_TEXTS.resetEmailEmpty]: 'email',
  [SIGN_IN_TEXTS.resetEmailInvalid]: 'email',
  [SIGN_IN_TEXTS.resetPasswordEmpty]: 'password',
  [SIGN_IN_TEXTS.resetPasswordTooShort]: 'password',
  [SIGN_IN_TEXTS.passwordTooCommon]: 'password',
  [SIGN_IN_TEXTS.resetConfirmEmpty]: 'confirmation',
  [SIGN_IN_TEXTS.resetPasswordsDiffer]: 'confirmation',
};

const ERROR_ID = 'reset-password-error';

export function ResetPasswordForm({ token, email: linkEmail, isNewPassword = false }: ResetPasswordFormProps) {
  const [email, setEmail] = useState(linkEmail ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  const resetMutation = useResetPassword();
  const invalidField = error ? FIELD_OF_MESSAGE[error] : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { email: email.trim(), password, password_confirmation: confirmation };
    const formError = resetFormError(body);
    setError(formError);
    if (formError) {
      const refOf = { email: emailRef, password: passwordRef, confirmation: confirmationRef };
      refOf[FIELD_OF_MESSAGE[formError] ?? 'email'].current?.focus();
      return;
    }
    resetMutation.mutate(
      { token, body },
      {
        onError: (failure) => {
          // The server answers a bad or expired link with its own message (SIGN_IN_TEXTS.resetInvalid).
          if (hasStatus(failure, 400, 429)) setError(failure.text);
          else toast.error(SIGN_IN_TEXTS.genericError);
        },
      },
    );
  };

  if (resetMutation.isSuccess) {
    return (
      <div className={styles.done}>
        <FormMessage tone="success">{SIGN_IN_TEXTS.resetSuccess}</FormMessage>
        <Link to={paths.login.getHref()}>{AUTH_TEXTS.goToLogin}</Link>
      </div>
    );
  }

  return (
    <>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          ref={emailRef}
          label={AUTH_TEXTS.emailLabel}
          name="email"
          type="email"
          autoComplete="email"
          spellCheck={false}
          value={email}
          readOnly={linkEmail !== undefined}
          onChange={(event) => setEmail(event.target.value)}
          isInvalid={invalidField === 'email'}
          errorId={ERROR_ID}
        />
        <TextField
          ref={passwordRef}
          label={AUTH_TEXTS.newPasswordLabel}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          isInvalid={invalidField === 'password'}
          errorId={ERROR_ID}
        />
        <TextField
          ref={confirmationRef}
          label={AUTH_TEXTS.confirmPasswordLabel}
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          isInvalid={invalidField === 'confirmation'}
          errorId={ERROR_ID}
        />
        {error && (
          <FormMessage id={ERROR_ID} tone="error">
            {error}
          </FormMessage>
        )}
        <Button type="submit" isFullWidth isPending={resetMutation.isPending}>
          {resetMutation.isPending
            ? AUTH_TEXTS.resetting
            : isNewPassword
              ? AUTH_TEXTS.setPasswordButton
              : AUTH_TEXTS.resetPasswordButton}
        </Button>
      </form>
      <div className={styles.links}>
        <Link to={paths.login.getHref()}>{AUTH_TEXTS.backToLogin}</Link>
      </div>
    </>
  );
}
