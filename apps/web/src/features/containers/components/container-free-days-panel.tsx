import { formatCents } from '@clearport/contract/customs-entry';
import type { ContainerFreeDays, RateTier } from '@clearport/contract/free-days';
import { fillText } from '@clearport/contract/texts';
import { DetailList, type DetailItem } from '../../../components/ui/detail-list.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { FailedPanel, LoadingPanel } from '../../../components/ui/panel-states.tsx';
import { CONTAINER_TEXTS as T } from '../../../config/container-texts.ts';
import { formatDate, formatInstant } from '../../../lib/format-date.ts';
import { useContainerFreeDays } from '../api/get-container-free-days.ts';
import { FreeDaysBadge } from './free-days-badge.tsx';
import styles from './container-free-days-panel.module.css';

const NONE = '—';
const day = (text: string | null) => (text ? formatDate(text) : NONE);
const instant = (text: string | null) => (text ? formatInstant(text) : NONE);

function rateText(tiers: RateTier[]): string {
  return tiers
    .map((tier) => fillText(T.rateTier, { amount: formatCents(tier.cents_per_day), day: String(tier.from_day) }))
    .join(', ');
}

/** Whether the broker sent anything for the container: one with nothing shows a line instead of dashes. */
function hasDates(container: ContainerFreeDays): boolean {
  const { discharged_at, available_at, terminal_last_free_day, gated_out_at, detention_last_free_day } = container;
  return [discharged_at, available_at, terminal_last_free_day, gated_out_at, detention_last_free_day].some(Boolean);
}

function itemsOf(container: ContainerFreeDays): DetailItem[] {
  const holds = [
    container.customs_hold && T.customsHold,
    container.line_hold && T.lineHold,
    container.other_hold && T.otherHold,
  ].filter(Boolean);
  const items: DetailItem[] = [
    { label: T.discharged, value: instant(container.discharged_at) },
    { label: T.available, value: instant(container.available_at) },
    { label: T.lastFreeDay, value: day(container.terminal_last_free_day) },
    {
      label: T.holds,
      value: holds.length === 0 ? T.noHolds : <span className={styles.hold}>{holds.join(', ')}</span>,
    },
    { label: T.gatedOut, value: instant(container.gated_out_at) },
    { label: T.delivered, value: instant(container.delivered_at) },
    { label: T.returnBy, value: day(container.detention_last_free_day) },
    { label: T.emptyReturned, value: instant(container.empty_returned_at) },
  ];
  if (container.demurrage_rates) items.push({ label: T.demurrageRates, value: rateText(container.demurrage_rates) });
  if (container.detention_rates) items.push({ label: T.detentionRates, value: rateText(container.detention_rates) });
  return items;
}

function History({ container }: { container: ContainerFreeDays }) {
  if (container.lfd_history.length === 0) return null;
  return (
    <>
      <h4 className={styles.subtitle}>{T.history}</h4>
      <ol className={styles.history}>
        {container.lfd_history.map((change, index) => (
          <li key={index}>
            {fillText(T.change, {
              which: change.which === 'terminal' ? T.terminalChange : T.detentionChange,
              from: change.old_day ? formatDate(change.old_day) : T.notSet,
              to: change.new_day ? formatDate(change.new_day) : T.notSet,
              when: formatInstant(change.changed_at),
            })}
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * The shipment's containers' free days (docs/decisions/0029-demurrage.md): per container its
 * state on the company's day, with the estimated charge when the broker sent rates, its dates
 * and holds at the terminal, and each change of its last free days.
 */
export function ContainerFreeDaysPanel({ shipmentId }: { shipmentId: number }) {
  const query = useContainerFreeDays(shipmentId);
  if (query.isPending) return <LoadingPanel title={T.title} text={T.loading} />;
  if (query.isError) return <FailedPanel title={T.title} text={T.loadFailed} onRetry={() => void query.refetch()} />;
  const { containers } = query.data;
  const hasCharges = containers.some(
    (container) => 'charge_cents' in container.status && container.status.charge_cents,
  );
  return (
    <Panel title={T.title}>
      {containers.length === 0 && <p className={styles.muted}>{T.noContainers}</p>}
      {containers.map((container) => (
        <article key={container.container_id} className={styles.container} aria-label={container.container_no}>
          <h3 className={styles.number}>
            {/* Without a date, "on time" is not known: the text below says why. */}
            {container.container_no}{' '}
            {(hasDates(container) || container.status.state !== 'on_time') && (
              <FreeDaysBadge status={container.status} />
            )}
          </h3>
          {hasDates(container) ? (
            <DetailList items={itemsOf(container)} />
          ) : (
            <p className={styles.muted}>{T.noDates}</p>
          )}
          <History container={container} />
        </article>
      ))}
      {hasCharges && <p className={styles.muted}>{T.estimateNote}</p>}
    </Panel>
  );
}
