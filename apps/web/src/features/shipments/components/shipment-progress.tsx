import { useId, type ReactNode } from 'react';
import type { ShipmentDetail } from '@clearport/contract/shipment-detail';
import { CheckIcon, LockIcon } from '../../../components/ui/icons.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { progressSteps, type StepState } from '../utils/shipment-steps.ts';
import { DocumentsStep } from './documents-step.tsx';
import { IsfStep } from './isf-step.tsx';
import { ReleaseStep } from './release-step.tsx';
import styles from './shipment-progress.module.css';

const STATE_TEXTS: Record<StepState, string> = {
  complete: WEB_TEXTS.shipment.stepComplete,
  current: WEB_TEXTS.shipment.stepCurrent,
  locked: WEB_TEXTS.shipment.stepLocked,
};

type ProgressStepProps = {
  number: number;
  title: string;
  state: StepState;
  /** Why the step is locked, shown instead of its content. */
  lockedText?: string;
  children: ReactNode;
};

function ProgressStep({ number, title, state, lockedText, children }: ProgressStepProps) {
  const headingId = useId();
  return (
    <li className={`${styles.step} ${styles[state]}`} data-state={state}>
      <section aria-labelledby={headingId} className={styles.section}>
        <div className={styles.header}>
          <h3 id={headingId} className={styles.title}>
            <span className={styles.number}>{number}</span> {title}
          </h3>
          <span className={styles.badge}>
            {state === 'complete' && <CheckIcon size={14} />}
            {state === 'locked' && <LockIcon size={14} />}
            {STATE_TEXTS[state]}
          </span>
        </div>
        {state === 'locked' ? <p className={styles.lockedText}>{lockedText}</p> : children}
      </section>
    </li>
  );
}

type ShipmentProgressProps = {
  shipment: ShipmentDetail;
  /** Role 11 sees nothing beyond step 1 (spec section 2). */
  isReadOnly: boolean;
};

/**
 * The three steps (spec section 4): 1 ISF Submitted, 2 Upload Documents (locked until the ISF
 * is on file) and 3 Shipment Released (locked until the documents are in). The steps follow
 * the detail the server last confirmed, so a status the server moves switches them at once.
 */
export function ShipmentProgress({ shipment, isReadOnly }: ShipmentProgressProps) {
  const steps = progressSteps(shipment);
  return (
    <Panel title={WEB_TEXTS.shipment.progressTitle}>
      <ol className={styles.steps}>
        <ProgressStep number={1} title={WEB_TEXTS.shipment.stepIsf} state={steps.isf}>
          <IsfStep shipment={shipment} isReadOnly={isReadOnly} />
        </ProgressStep>
        {!isReadOnly && (
          <>
            <ProgressStep
              number={2}
              title={WEB_TEXTS.shipment.stepDocuments}
              state={steps.documents}
              lockedText={WEB_TEXTS.shipment.stepDocumentsLocked}
            >
              <DocumentsStep shipment={shipment} />
            </ProgressStep>
            <ProgressStep
              number={3}
              title={WEB_TEXTS.shipment.stepRelease}
              state={steps.release}
              lockedText={WEB_TEXTS.shipment.stepReleaseLocked}
            >
              <ReleaseStep shipment={shipment} />
            </ProgressStep>
          </>
        )}
      </ol>
    </Panel>
  );
}
