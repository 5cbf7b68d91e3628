import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { loginFormError } from '@clearport/contract/auth-forms';
import type { LoginResponse } from '@clearport/contract/auth';
import { SIGN_IN_TEXTS } from '@clearport/contract/sign-in-texts';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { AUTH_TEXTS } from '../../../config/auth-texts.ts';
import { hasStatus } from '../../../lib/api-client.ts';
import type { LoginChallenge } from '@clearport/contract/two-factor-forms';
import { useLogin } from '../api/login.ts';
import { EnrolmentAtLogin } from './enrolment-at-login.tsx';
import { SecondFactorForm } from './second-factor-form.tsx';
import styles from './auth-form.module.css';

type LoginFormProps = {
  onSuccess: (session: LoginResponse) => void;
};

type Field = 'userName' | 'password';

const INVALID_FIELDS: Record<string, Field[]> = {
  [SIGN_IN_TEXTS.usernameAndPasswordEmpty]: ['userName', 'password'],
  [SIGN_IN_TEXTS.usernameEmpty]: ['userName'],
  [SIGN_IN_TEXTS.passwordEmpty]: ['password'],
};

const ERROR_ID = 'login-error';

export function LoginForm({ onSuccess }: LoginFormProps) {
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const userNameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  const loginMutation = useLogin({ onSuccess, onChallenge: setChallenge });
  const invalidFields = error ? (INVALID_FIELDS[error] ?? []) : [];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formError = loginFormError(userName, password);
    setError(formError);
    if (formError) {
      const firstInvalid = INVALID_FIELDS[formError]?.[0];
      (firstInvalid === 'password' ? passwordRef : userNameRef).current?.focus();
      return;
    }
    loginMutation.mutate(
      { userName: userName.trim(), password },
      {
        onError: (failure) => {
          if (hasStatus(failure, 401)) setError(SIGN_IN_TEXTS.loginFailed);
          else if (hasStatus(failure, 429)) setError(failure.message);
          else toast.error(SIGN_IN_TEXTS.genericError);
        },
      },
    );
  };

  if (challenge?.step === 'second_factor') {
    return <SecondFactorForm challenge={challenge.challenge} onSuccess={onSuccess} />;
  }
  if (challenge?.step === 'enrol') return <EnrolmentAtLogin challenge={challenge.challenge} onSuccess={onSuccess} />;
  return (
    <>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          ref={userNameRef}
          label={AUTH_TEXTS.usernameLabel}
          name="userName"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={userName}
          onChange={(event) => setUserName(event.target.value)}
          isInvalid={invalidFields.includes('userName')}
          errorId={ERROR_ID}
        />
        <TextField
          ref={passwordRef}
          label={AUTH_TEXTS.passwordLabel}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          isInvalid={invalidFields.includes('password')}
          errorId={ERROR_ID}
        />
        {error && (
          <FormMessage id={ERROR_ID} tone="error">
            {error}
          </FormMessage>
        )}
        <Button type="submit" isFullWidth isPending={loginMutation.isPending}>
          {loginMutation.isPending ? AUTH_TEXTS.loggingIn : AUTH_TEXTS.loginButton}
        </Button>
      </form>
      <div className={styles.links}>
        <Link to={paths.forgotPassword.getHref()}>{AUTH_TEXTS.forgotPasswordLink}</Link>
      </div>
    </>
  );
}
