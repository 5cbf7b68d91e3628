import { useId, useState, type FormEvent } from 'react';
import type { LoginResponse } from '@clearport/contract/auth';
import { SIGN_IN_TEXTS } from '@clearport/contract/sign-in-texts';
import { TWO_FACTOR_ERRORS, TWO_FACTOR_TEXTS } from '@clearport/contract/two-factor-forms';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLoginSecondFactor } from '../api/login-second-factor.ts';
import styles from './auth-form.module.css';

type SecondFactorFormProps = {
  challenge: string;
  onSuccess: (session: LoginResponse) => void;
};

/** The login's second step: the app's 6-digit code, or one of the recovery codes. */
export function SecondFactorForm({ challenge, onSuccess }: SecondFactorFormProps) {
  const errorId = useId();
  const [isRecovery, setIsRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pass = useLoginSecondFactor({ onSuccess });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = isRecovery ? code.trim() : code.replace(/\s/g, '');
    if (typed === '') return setError(isRecovery ? TWO_FACTOR_TEXTS.recoveryStepHint : TWO_FACTOR_ERRORS.codeEmpty);
    setError(null);
    pass.mutate(
      { challenge, code: typed },
      {
        onError: (failure) =>
          setError(failure instanceof ApiError && failure.status !== 0 ? failure.message : SIGN_IN_TEXTS.genericError),
      },
    );
  };

  return (
    <>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.hint}>{isRecovery ? TWO_FACTOR_TEXTS.recoveryStepHint : TWO_FACTOR_TEXTS.codeStepHint}</p>
        <TextField
          key={isRecovery ? 'recovery' : 'app'}
          label={isRecovery ? TWO_FACTOR_TEXTS.recoveryCode : TWO_FACTOR_TEXTS.code}
          name="code"
          autoComplete="one-time-code"
          inputMode={isRecovery ? 'text' : 'numeric'}
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          isInvalid={error !== null}
          errorId={errorId}
        />
        {error && (
          <FormMessage id={errorId} tone="error">
            {error}
          </FormMessage>
        )}
        <Button type="submit" isFullWidth isPending={pass.isPending}>
          {TWO_FACTOR_TEXTS.verify}
        </Button>
      </form>
      <div className={styles.links}>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            setIsRecovery(!isRecovery);
            setCode('');
            setError(null);
          }}
        >
          {isRecovery ? TWO_FACTOR_TEXTS.useAppCode : TWO_FACTOR_TEXTS.useRecoveryCode}
        </button>
      </div>
    </>
  );
}
