import type { ReactNode } from 'react';
import type { ShipmentDetail } from '@clearport/contract/shipment-detail';
import { TEXTS } from '@clearport/contract/texts';
import { DetailList, type DetailItem } from '../../../components/ui/detail-list.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { formatDetailDate } from '../../../lib/format-date.ts';
import { ReferenceNumber } from './reference-number.tsx';
import { StatusCell } from './status-cell.tsx';
import styles from './shipment-info.module.css';

type ShipmentInfoProps = {
  shipment: ShipmentDetail;
  /** Role 11 reads the reference number; others can change it. */
  isReadOnly: boolean;
};

/** A code with its name beside it, as the detail carries both. */
function codeWithName(code: string, name: string): string {
  return [code, name].filter((part) => part.trim() !== '').join(' - ');
}

function orNotProvided(text: string): ReactNode {
  return text.trim() === '' ? <span className={styles.missing}>{WEB_TEXTS.shipment.notProvided}</span> : text;
}

/**
 * The shipment's details (spec section 2): the reference number, the status, dates (NOT
 * AVAILABLE when 0000-00-00 or invalid), where it sails from and to, the bills and containers.
 */
export function ShipmentInfo({ shipment, isReadOnly }: ShipmentInfoProps) {
  const containers = shipment.containers.map((container) => container.container_no);
  const items: DetailItem[] = [
    { label: WEB_TEXTS.shipment.statusLabel, value: <StatusCell status={shipment.status} /> },
    { label: WEB_TEXTS.shipment.etaLabel, value: formatDetailDate(shipment.est_time_arrive) },
    { label: WEB_TEXTS.shipment.dischargeDateLabel, value: formatDetailDate(shipment.shipment_discharge_date) },
    { label: WEB_TEXTS.shipment.fdaLabel, value: orNotProvided(shipment.fda_review) },
    { label: WEB_TEXTS.shipment.originLabel, value: orNotProvided(shipment.origin) },
    { label: WEB_TEXTS.shipment.destinationTerminalLabel, value: orNotProvided(shipment.destination_terminal) },
    { label: WEB_TEXTS.shipment.steamshipLineLabel, value: orNotProvided(shipment.steamship_line) },
    { label: WEB_TEXTS.shipment.vesselLabel, value: orNotProvided(shipment.vessel_name) },
    {
      label: WEB_TEXTS.shipment.unladingLabel,
      value: orNotProvided(codeWithName(shipment.unlading_code, shipment.unlading_name)),
    },
    {
      label: WEB_TEXTS.shipment.transportModeLabel,
      value: orNotProvided(codeWithName(shipment.transport_mode, shipment.transport_mode_description)),
    },
    { label: WEB_TEXTS.shipments.columnMasterBill, value: shipment.master_bill_lading || TEXTS.noMasterBills },
    // The spec uses the master bill's text for the house bill too.
    { label: WEB_TEXTS.shipments.columnHouseBill, value: shipment.house_bill_lading || TEXTS.noMasterBills },
    {
      label: WEB_TEXTS.shipments.columnContainers,
      value: containers.length > 0 ? containers.join(', ') : TEXTS.noContainers,
    },
  ];
  if (isReadOnly) {
    items.unshift({ label: WEB_TEXTS.common.referenceLabel, value: orNotProvided(shipment.customer_reference_no) });
  }
  if (shipment.comment.trim() !== '')
    items.push({ label: WEB_TEXTS.shipment.brokerCommentLabel, value: shipment.comment });

  return (
    <Panel title={WEB_TEXTS.shipment.detailsTitle}>
      {!isReadOnly && <ReferenceNumber shipmentId={shipment.id} reference={shipment.customer_reference_no} />}
      <DetailList items={items} />
    </Panel>
  );
}
