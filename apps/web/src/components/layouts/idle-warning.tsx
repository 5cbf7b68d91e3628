import { useEffect, useId, useState } from 'react';
import { WEB_TEXTS } from '../../config/texts.ts';
import { IDLE_WARNING_MS, idleEndOf, lastSessionUse, subscribeSessionUse } from '../../lib/session-activity.ts';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';
import styles from './idle-warning.module.css';

type IdleWarningProps = {
  /** Minutes the server lets a session stay unused (the profile's session_idle_minutes); none yet: no warning. */
  idleMinutes: number | undefined;
  /** A cheap call that uses the session, so that the server keeps it. */
  onStay: () => Promise<unknown>;
};

type Phase = 'quiet' | 'warning' | 'ended';

/**
 * The idle warning (ASVS 7.3.1, decision 0033): a minute before the server would end the session
 * for want of use, a dialog says so and offers to stay signed in, which makes a call; the page
 * and its unsaved work stay as they are. Once the end has passed it says so; the next call then
 * opens the login page, which comes back to this page.
 */
export function IdleWarning({ idleMinutes, onStay }: IdleWarningProps) {
  const [phase, setPhase] = useState<Phase>('quiet');
  const [isStaying, setIsStaying] = useState(false);
  const headingId = useId();

  useEffect(() => {
    if (idleMinutes === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const plan = () => {
      clearTimeout(timer);
      const lastUse = lastSessionUse() || Date.now();
      const end = idleEndOf(lastUse, idleMinutes);
      const now = Date.now();
      if (now >= end) {
        setPhase('ended');
        return;
      }
      if (now >= end - IDLE_WARNING_MS) {
        setPhase('warning');
        timer = setTimeout(plan, end - now);
        return;
      }
      setPhase('quiet');
      timer = setTimeout(plan, end - IDLE_WARNING_MS - now);
    };
    plan();
    const unsubscribe = subscribeSessionUse(plan);
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [idleMinutes]);

  if (phase === 'quiet') return null;

  const stay = () => {
    setIsStaying(true);
    // A use of the session re-plans the warning (subscribeSessionUse); a failure is the api
    // client's: an ended session opens the login page.
    onStay()
      .catch(() => {})
      .finally(() => setIsStaying(false));
  };
  const close = () => (phase === 'ended' ? setPhase('quiet') : stay());

  return (
    <Modal labelledBy={headingId} onClose={close}>
      <div className={styles.body} role={phase === 'warning' ? 'alert' : 'status'}>
        <h2 id={headingId} className={styles.title}>
          {phase === 'warning' ? WEB_TEXTS.idle.title : WEB_TEXTS.idle.endedTitle}
        </h2>
        {phase === 'warning' ? (
          <>
            <p className={styles.lead}>{WEB_TEXTS.idle.warning}</p>
            <p>{WEB_TEXTS.idle.detail}</p>
          </>
        ) : (
          <p>{WEB_TEXTS.idle.ended}</p>
        )}
      </div>
      <div className={styles.actions}>
        {phase === 'warning' ? (
          <Button onClick={stay} isPending={isStaying}>
            {WEB_TEXTS.idle.stay}
          </Button>
        ) : (
          <Button onClick={() => setPhase('quiet')}>{WEB_TEXTS.idle.close}</Button>
        )}
      </div>
    </Modal>
  );
}
