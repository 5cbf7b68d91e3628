import { useEffect, useState } from 'react';
import type { LoginResponse } from '@clearport/contract/auth';
import { SIGN_IN_TEXTS } from '@clearport/contract/sign-in-texts';
import { TWO_FACTOR_TEXTS } from '@clearport/contract/two-factor-forms';
import { RecoveryCodes } from '../../../components/two-factor/recovery-codes.tsx';
import { TwoFactorSetup } from '../../../components/two-factor/two-factor-setup.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session.ts';
import { useLoginEnrolment, useLoginEnrolmentConfirm } from '../api/login-enrolment.ts';
import styles from './auth-form.module.css';

type EnrolmentAtLoginProps = {
  challenge: string;
  onSuccess: (session: LoginResponse) => void;
};

const messageOf = (failure: unknown) =>
  failure instanceof ApiError && failure.status !== 0 ? failure.message : SIGN_IN_TEXTS.genericError;

/**
 * The company requires a second factor and the user has none: they set it up before the session
 * starts, which it does once the recovery codes have been shown.
 */
export function EnrolmentAtLogin({ challenge, onSuccess }: EnrolmentAtLoginProps) {
  const start = useLoginEnrolment();
  const confirm = useLoginEnrolmentConfirm();
  const [error, setError] = useState<string | null>(null);
  const { mutate: startSetup } = start;

  useEffect(() => startSetup({ challenge }), [startSetup, challenge]);

  if (confirm.data) {
    const { recovery_codes, session } = confirm.data;
    return (
      <RecoveryCodes
        codes={recovery_codes}
        doneLabel={TWO_FACTOR_TEXTS.continue}
        onDone={() => {
          saveSession(session);
          onSuccess(session);
        }}
      />
    );
  }
  return (
    <div className={styles.form}>
      <p className={styles.hint}>{TWO_FACTOR_TEXTS.enrolStepHint}</p>
      {start.isError && <FormMessage tone="error">{messageOf(start.error)}</FormMessage>}
      {start.data && (
        <TwoFactorSetup
          setup={start.data}
          error={error}
          isPending={confirm.isPending}
          onConfirm={(code) => {
            setError(null);
            confirm.mutate({ challenge, code }, { onError: (failure) => setError(messageOf(failure)) });
          }}
        />
      )}
    </div>
  );
}
