import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { isEmail } from '@clearport/contract/email-address';
import { SIGN_IN_TEXTS } from '@clearport/contract/sign-in-texts';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { AUTH_TEXTS } from '../../../config/auth-texts.ts';
import { COMMON_TEXTS } from '../../../config/common-texts.ts';
import { hasStatus } from '../../../lib/api-client.ts';
import { useFocusAfterChange } from '../../../hooks/use-focus-after-change.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import styles from './auth-form.module.css';

const ERROR_ID = 'forgot-password-error';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const answer = useCallback(() => doneRef.current, []);
  const forgotMutation = useForgotPassword();
  // The form gives way to its answer: the focus, which was on its button, goes to the answer.
  useFocusAfterChange(forgotMutation.isSuccess ? 'done' : 'form', answer);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!isEmail(address)) {
      setError(SIGN_IN_TEXTS.emailInvalid);
      emailRef.current?.focus();
      return;
    }
    setError(null);
    forgotMutation.mutate(
      { email: address },
      {
        onError: (failure) => {
          if (hasStatus(failure, 400, 429)) setError(failure.text);
          else toast.error(SIGN_IN_TEXTS.genericError);
        },
      },
    );
  };

  const backToLogin = <Link to={paths.login.getHref()}>{AUTH_TEXTS.backToLogin}</Link>;

  if (forgotMutation.isSuccess) {
    return (
      <div className={styles.done} ref={doneRef} tabIndex={-1}>
        <FormMessage tone="success">{SIGN_IN_TEXTS.forgotPasswordSuccess}</FormMessage>
        {backToLogin}
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
          onChange={(event) => setEmail(event.target.value)}
          isInvalid={error !== null}
          errorId={ERROR_ID}
        />
        {error && (
          <FormMessage id={ERROR_ID} tone="error">
            {error}
          </FormMessage>
        )}
        <Button type="submit" isFullWidth isPending={forgotMutation.isPending}>
          {forgotMutation.isPending ? COMMON_TEXTS.sending : AUTH_TEXTS.forgotPasswordButton}
        </Button>
      </form>
      <div className={styles.links}>{backToLogin}</div>
    </>
  );
}
