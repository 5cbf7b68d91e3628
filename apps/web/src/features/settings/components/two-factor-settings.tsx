import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { TEXTS } from '@clearport/contract/texts';
import { TWO_FACTOR_ERRORS, TWO_FACTOR_TEXTS } from '@clearport/contract/two-factor-forms';
import type {
  CompanyTwoFactorRequest,
  TwoFactorReauthRequest,
  TwoFactorResponse,
} from '@clearport/contract/two-factor';
import { RecoveryCodes } from '../../../components/two-factor/recovery-codes.tsx';
import { TwoFactorSetup } from '../../../components/two-factor/two-factor-setup.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { FOCUSABLE, useFocusAfterChange } from '../../../hooks/use-focus-after-change.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useConfirmTwoFactor } from '../api/confirm-two-factor.ts';
import { useTwoFactor } from '../api/get-two-factor.ts';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.ts';
import { useRemoveTwoFactor } from '../api/remove-two-factor.ts';
import { useSetCompanyTwoFactor } from '../api/set-company-two-factor.ts';
import { useStartTwoFactor } from '../api/start-two-factor.ts';
import styles from './settings-editor.module.css';

const T = TWO_FACTOR_TEXTS;

const messageOf = (failure: unknown) =>
  failure instanceof ApiError && failure.status !== 0 ? failure.text : TEXTS.genericError;

type Step = { name: 'status' } | { name: 'password' } | { name: 'remove' } | { name: 'regenerate' };

/** The user's own two-factor sign-in, and for roles 3 and 4 the company's requirement. */
export function TwoFactorSettings() {
  const query = useTwoFactor();
  if (!query.data) {
    return query.isError ? <FormMessage tone="error">{messageOf(query.error)}</FormMessage> : null;
  }
  return (
    <>
      <Panel title={T.section}>
        <OwnTwoFactor status={query.data} />
      </Panel>
      {query.data.company.can_change && (
        <Panel title={T.companySection}>
          <CompanyRequirement isRequired={query.data.company.require_two_factor} />
        </Panel>
      )}
    </>
  );
}

function OwnTwoFactor({ status }: { status: TwoFactorResponse }) {
  const [step, setStep] = useState<Step>({ name: 'status' });
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const remove = useRemoveTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const firstControl = useCallback(() => box.current?.querySelector<HTMLElement>(FOCUSABLE), []);
  // Each step replaces the last in the same place: a focus it took away goes to the new one's first control.
  useFocusAfterChange(codes ? 'codes' : start.data ? 'setup' : step.name, firstControl);
  const backToStatus = () => {
    setStep({ name: 'status' });
    setCodes(null);
    start.reset();
  };

  // The step shown: each replaces the last in the same place.
  const currentStep = (): ReactNode => {
    if (codes) return <RecoveryCodes codes={codes} doneLabel={T.done} onDone={backToStatus} />;
    if (start.data) {
      return (
        <TwoFactorSetup
          setup={start.data}
          error={confirmError}
          isPending={confirm.isPending}
          onCancel={backToStatus}
          onConfirm={(code) => {
            setConfirmError(null);
            confirm.mutate(
              { code },
              {
                onSuccess: (reply) => setCodes(reply.recovery_codes),
                onError: (error) => setConfirmError(messageOf(error)),
              },
            );
          }}
        />
      );
    }
    if (step.name === 'password') {
      return (
        <ReauthForm
          needsCode={false}
          submitLabel={T.continue}
          isPending={start.isPending}
          onCancel={backToStatus}
          onSubmit={({ current_password }, onError) => start.mutate({ current_password }, { onError })}
        />
      );
    }
    if (step.name === 'remove' || step.name === 'regenerate') {
      const isRemove = step.name === 'remove';
      return (
        <ReauthForm
          needsCode
          submitLabel={isRemove ? T.remove : T.regenerate}
          isPending={remove.isPending || regenerate.isPending}
          onCancel={backToStatus}
          onSubmit={(body, onError) =>
            isRemove
              ? remove.mutate(body, {
                  onSuccess: (reply) => {
                    toast.success(reply.message);
                    backToStatus();
                  },
                  onError,
                })
              : regenerate.mutate(body, { onSuccess: (reply) => setCodes(reply.recovery_codes), onError })
          }
        />
      );
    }
    return (
      <div className={styles.editor}>
        <p className={styles.hint}>{status.enabled ? T.on : T.off}</p>
        {status.enabled && <p className={styles.hint}>{T.recoveryCodesLeft(status.recovery_codes_left)}</p>}
        <div className={styles.actions}>
          {status.enabled ? (
            <>
              <Button variant="secondary" onClick={() => setStep({ name: 'regenerate' })}>
                {T.regenerate}
              </Button>
              {!status.company.require_two_factor && (
                <Button variant="secondary" onClick={() => setStep({ name: 'remove' })}>
                  {T.remove}
                </Button>
              )}
            </>
          ) : (
            <Button onClick={() => setStep({ name: 'password' })}>{T.turnOn}</Button>
          )}
        </div>
      </div>
    );
  };
  return <div ref={box}>{currentStep()}</div>;
}

type ReauthFormProps = {
  needsCode: boolean;
  submitLabel: string;
  isPending: boolean;
  onCancel: () => void;
  onSubmit: (body: TwoFactorReauthRequest, onError: (error: unknown) => void) => void;
};

/** The password again, and for turning off or new recovery codes a current code too. */
function ReauthForm({ needsCode, submitLabel, isPending, onCancel, onSubmit }: ReauthFormProps) {
  const errorId = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ text: string; field?: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return setError({ text: TWO_FACTOR_ERRORS.passwordEmpty, field: 'current_password' });
    if (needsCode && code.trim() === '') return setError({ text: TWO_FACTOR_ERRORS.codeEmpty, field: 'code' });
    setError(null);
    onSubmit({ current_password: password, code: code.replace(/\s/g, '') }, (failure) =>
      setError({ text: messageOf(failure), field: failure instanceof ApiError ? failure.field : undefined }),
    );
  };
  return (
    <form className={styles.editor} onSubmit={submit} noValidate>
      <TextField
        label={T.password}
        name="current_password"
        type="password"
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        isInvalid={error?.field === 'current_password'}
        errorId={errorId}
      />
      {needsCode && (
        <TextField
          label={T.code}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          isInvalid={error?.field === 'code'}
          errorId={errorId}
        />
      )}
      {error && (
        <FormMessage id={errorId} tone="error">
          {error.text}
        </FormMessage>
      )}
      <div className={styles.actions}>
        <Button type="submit" isPending={isPending}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {WEB_TEXTS.common.cancel}
        </Button>
      </div>
    </form>
  );
}

function CompanyRequirement({ isRequired }: { isRequired: boolean }) {
  const save = useSetCompanyTwoFactor();
  // The switch moves at once; a refusal moves it back.
  const [isChecked, setIsChecked] = useState(isRequired);
  // Stopping the requirement asks for the password first (the server refuses it without).
  const [isAskingPassword, setIsAskingPassword] = useState(false);
  const saveRequirement = (body: CompanyTwoFactorRequest, onError?: (failure: unknown) => void) => {
    setIsChecked(body.require_two_factor);
    save.mutate(body, {
      onSuccess: (reply) => {
        setIsAskingPassword(false);
        toast.success(reply.message);
      },
      onError: (error) => {
        setIsChecked(!body.require_two_factor);
        if (onError) onError(error);
        else toast.error(messageOf(error));
      },
    });
  };
  if (isAskingPassword) {
    return (
      <>
        <p className={styles.hint}>{T.stopRequiringHint}</p>
        <ReauthForm
          needsCode={false}
          submitLabel={T.stopRequiring}
          isPending={save.isPending}
          onCancel={() => setIsAskingPassword(false)}
          onSubmit={({ current_password }, onError) =>
            saveRequirement({ require_two_factor: false, current_password }, onError)
          }
        />
      </>
    );
  }
  return (
    <div className={styles.editor}>
      <Checkbox
        isSwitch
        label={T.requireForCompany}
        checked={isChecked}
        aria-disabled={save.isPending || undefined}
        onChange={(event) => {
          // Kept focusable while saving (a disabled switch drops the focus), so a click then is refused here.
          if (save.isPending) return;
          if (event.target.checked) saveRequirement({ require_two_factor: true });
          else setIsAskingPassword(true);
        }}
      />
    </div>
  );
}
